//! A Country Road board kept between calls: the state behind the Python
//! board's handle (`_core.CountryBoard`). The board is checked once and its
//! geometry and region graph built once (a [`RegionMap`]); each question
//! then runs on a copy of them with the handle's numbers (the engines write
//! to the puzzle they run on), never on a rebuilt board.
//! [`Handle::with_numbers`] gives the same map other numbers, sharing the
//! map: the generator's number deletion and the grade's ladder prefixes ask
//! one map many questions.

use std::sync::{Arc, OnceLock};

use crate::budget::Budget;
use crate::error::Result;
use crate::interrupt::Stop;

use super::backbone::{self, Backbone};
use super::board::Board;
use super::puzzle::Puzzle;
use super::region_map::RegionMap;
use super::search::{self, SolveResult};
use super::stages::Stages;
use super::{explain_on, hint_on, run_ladder_with_stop, ExplainStep, Explained, LadderStates};

#[derive(Debug, Clone)]
pub struct Handle {
    /// The map without numbers (and a known loop, if any), shared by
    /// [`Handle::with_numbers`].
    map: Arc<RegionMap>,
    /// The board as given (the brute-force counters read this form; the
    /// regions are shared with [`Handle::with_numbers`]).
    regions: Arc<[i64]>,
    numbers: Vec<Option<i64>>,
    /// The numbers, checked, in the board's form.
    checked: Vec<Option<u32>>,
    /// Set when the backbone's sweep ran out of room: [`Handle::scores`]
    /// would run the same sweep from the same root and run out again (a
    /// Country Road page asks for the backbone, then for the suggestions).
    sweep_ran_out: OnceLock<()>,
}

impl Handle {
    /// Checks the board once (as [`Board::new`] does) and builds its tables
    /// and region graph; `known_loop` (one 0/1 byte per edge) is a loop known
    /// to solve the map without numbers, which guides the root's probe of
    /// the runs whose numbers it satisfies (see [`RegionMap::with_loop`]).
    pub fn new(
        rows: usize,
        cols: usize,
        regions: &[i64],
        numbers: &[Option<i64>],
        known_loop: Option<&[u8]>,
    ) -> Result<Handle> {
        let board = Board::new(rows, cols, regions, numbers)?;
        let mut map = RegionMap::of_board(&board)?;
        if let Some(edges) = known_loop {
            map = map.with_loop(edges)?;
        }
        Ok(Handle {
            map: Arc::new(map),
            regions: regions.into(),
            numbers: numbers.to_vec(),
            checked: board.numbers,
            sweep_ran_out: OnceLock::new(),
        })
    }

    /// The same map (shared, not rebuilt) with other numbers, one per
    /// country, checked as [`Board::new`] checks them.
    pub fn with_numbers(&self, numbers: &[Option<i64>]) -> Result<Handle> {
        Ok(Handle {
            map: Arc::clone(&self.map),
            regions: Arc::clone(&self.regions),
            numbers: numbers.to_vec(),
            checked: self.map.board().check_numbers(numbers)?,
            sweep_ran_out: OnceLock::new(),
        })
    }

    pub fn rows(&self) -> usize {
        self.map.rows()
    }

    pub fn cols(&self) -> usize {
        self.map.cols()
    }

    pub fn countries(&self) -> usize {
        self.map.countries()
    }

    /// Country of each cell (-1 blocked), as the board holds it.
    pub fn region(&self) -> &[i32] {
        &self.map.board().region
    }

    /// The numbers, checked, as the board holds them.
    pub fn numbers(&self) -> &[Option<u32>] {
        &self.checked
    }

    /// A puzzle of the map with this handle's numbers, for one engine run.
    fn puzzle(&self) -> Result<Puzzle> {
        Ok(self.map.puzzle_checked(&self.checked))
    }

    /// Search with `stages` at every node, up to `limit` solutions (as [`super::solve`]).
    pub fn solve(&self, stages: Stages, limit: usize, budget: &mut Budget<'_, '_>) -> Result<SolveResult> {
        search::solve(&mut self.puzzle()?, stages, limit, budget)
    }

    /// The fixpoint of `stages` without search (as [`super::ladder`]).
    pub fn ladder(&self, stages: Stages, stop: &mut Stop<'_>) -> Result<Option<LadderStates>> {
        run_ladder_with_stop(&mut self.puzzle()?, stages, stop)
    }

    /// The backbone under an optional time limit (as [`super::backbone_with_stop`]).
    pub fn backbone(&self, time_limit: Option<f64>, stop: &mut Stop<'_>) -> Result<Backbone> {
        self.budgeted(time_limit, stop, backbone::backbone)
    }

    /// The backbone cut short once it shows two solutions and `bound` open
    /// unknowns (as [`backbone::backbone_bounded`]): `(backbone, cut)`.
    pub fn backbone_bounded(
        &self,
        time_limit: Option<f64>,
        bound: usize,
        stop: &mut Stop<'_>,
    ) -> Result<(Backbone, bool)> {
        self.budgeted(time_limit, stop, |p, g| backbone::backbone_bounded(p, g, bound))
    }

    /// `f` on this board's puzzle under `time_limit` and `stop`: a stop
    /// asked for while it ran is `Error::Interrupted`, a deadline is `f`'s
    /// to report (as incomplete).
    fn budgeted<T>(
        &self,
        time_limit: Option<f64>,
        stop: &mut Stop<'_>,
        f: impl FnOnce(&mut Puzzle, &mut Budget<'_, '_>) -> T,
    ) -> Result<T> {
        let time = crate::budget::time_limit(time_limit)?;
        let mut p = self.puzzle()?;
        let mut budget = Budget::new(stop).with_time(time);
        let out = f(&mut p, &mut budget);
        budget.answer(out)
    }

    /// The backbone, and when the sweep proved an ambiguous one, the scores
    /// of its candidate countries from the same sweep (as
    /// [`backbone::backbone_scored`]).
    pub fn backbone_scored(
        &self,
        time_limit: Option<f64>,
        stop: &mut Stop<'_>,
    ) -> Result<(Backbone, Option<Vec<crate::frontier::CountryScore>>)> {
        self.backbone_scored_within(time_limit, backbone::SETTER, stop)
    }

    /// [`Handle::backbone_scored`] with the sweep's limits `caps` (the
    /// tests lower them to see what a sweep that ran out of room leaves).
    pub(crate) fn backbone_scored_within(
        &self,
        time_limit: Option<f64>,
        caps: backbone::LiveCaps,
        stop: &mut Stop<'_>,
    ) -> Result<(Backbone, Option<Vec<crate::frontier::CountryScore>>)> {
        let scored = self.budgeted(time_limit, stop, |p, g| backbone::backbone_scored(p, g, caps))?;
        if scored.sweep_ran_out {
            let _ = self.sweep_ran_out.set(());
        }
        Ok((scored.backbone, scored.scores))
    }

    /// What one more number in each of `countries` (indices of unnumbered
    /// countries) would do, by the frontier sweep (as [`backbone::scores`]):
    /// None when the sweep cannot answer within its budget or `time_limit`,
    /// at once when this handle's backbone sweep ran out of room.
    pub fn scores(
        &self,
        countries: &[usize],
        time_limit: Option<f64>,
        stop: &mut Stop<'_>,
    ) -> Result<Option<Vec<crate::frontier::CountryScore>>> {
        if let Some(&x) = countries.iter().find(|&&x| self.numbers.get(x).is_none_or(|n| n.is_some())) {
            return Err(crate::error::Error::InvalidArgument(format!(
                "country {x} is not an unnumbered country of this board (it has {} countries)",
                self.numbers.len()
            )));
        }
        if self.sweep_ran_out.get().is_some() {
            return Ok(None);
        }
        self.budgeted(time_limit, stop, |p, g| backbone::scores(p, g, countries))
    }

    /// The steps of the ladder up to `level` from `position` (as
    /// [`super::explain`]), within `time`: `None` when it ran out first.
    pub fn explain(
        &self,
        position: Option<&[u8]>,
        level: &str,
        time: Option<std::time::Duration>,
        stop: &mut Stop<'_>,
    ) -> Result<Option<Explained>> {
        explain_on(self.puzzle()?, position, level, time, stop)
    }

    /// The next step from a player's `position` (as [`super::hint`]).
    pub fn hint(
        &self,
        position: &[u8],
        time: Option<std::time::Duration>,
        stop: &mut Stop<'_>,
    ) -> Result<Option<Option<ExplainStep>>> {
        hint_on(|| self.puzzle(), position, time, stop)
    }

    /// The brute-force count "cells", at most `limit` (as [`super::count::cells`]).
    pub fn count_cells(&self, limit: Option<u64>, stop: &mut Stop<'_>) -> Result<u64> {
        super::count::cells::count_with_stop(self.rows(), self.cols(), &self.regions, &self.numbers, limit, stop)
    }

    /// The brute-force count "loops", at most `limit` (as [`super::count::loops`]).
    pub fn count_loops(&self, limit: Option<u64>, stop: &mut Stop<'_>) -> Result<u64> {
        super::count::loops::count_with_stop(self.rows(), self.cols(), &self.regions, &self.numbers, limit, stop)
    }
}
