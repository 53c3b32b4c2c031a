//! Unclued grids with a frontier of `W` plugs (the grid `W` points wide)
//! instead of [`super::grid`]'s `W + 1`: the point's left-in plug is folded
//! into its up-in plug, so the tables hold a Motzkin number `M(W)` of slots
//! and `M(W - 1)` more, about half of `M(W + 1)`, one word a slot, counted
//! modulo word-size numbers ([`super::residue`]), one sweep per modulus.
//!
//! Before the point in column `c`, plugs `0..c` hold the down edges of the
//! points already passed in this row and plugs `c + 1..W` the edges coming
//! down from the row above, as in [`super::grid`]; plug `c` holds what comes
//! into the point, from the left or from above, merged: 0 (nothing), "(" or
//! ")" (one end of a piece of path; whether it came from the left or from
//! above changes nothing afterwards), or "done" (two ends met there: the
//! point has its two edges and sends none on). A done point is not a plug
//! value in the main table: those states live in a second table, indexed by
//! the state without plug `c` (a balanced string of `W - 1` plugs).
//!
//! The point in column `c` decides its down edge (into plug `c`) and its
//! right edge, which is merged at once with plug `c + 1` (what comes into
//! the next point from above): an end meeting an empty plug becomes that
//! plug; an end meeting an end joins them and makes the next point done
//! (the join's far ends re-marked as in [`super::grid`], `()` closing a
//! loop). So nothing waits in a separate left-in plug, and at the end of a
//! row the down edges are already the next row's frontier: no shift.
//!
//! Both tables are updated in place, one pass over the main table in
//! ascending order per point. With the pair of plugs `c`, `c + 1` and the
//! other plugs `R` fixed, the slots that feed each other form a group,
//! anchored at the state whose pair is `00` or `x0`:
//!
//! - `00`, `()`, `)(` and done-then-`0`: afterwards `00` holds the old `00`
//!   (all cycles: the point stays empty) plus the old done; `()` the old
//!   `00` (a new piece turning at the point) plus the old `()` going down;
//!   `)(` its own count going down; done-then-`0` the old `)(` going right
//!   (two pieces joined at the next point).
//! - `x0`, `0x` and done-then-`x`: `x0` holds its count going down; `0x` the
//!   old `0x` (all cycles), the old done, and the old `x0` going right;
//!   done-then-`x` the old `0x` (a new piece whose right end meets the end
//!   coming down into the next point: that end's mark moves to plug `c`).
//! - `((` and `))` going right join two pieces: their count goes to the
//!   done state with plug `c` empty and the far end re-marked, whose anchor
//!   (pair `00`, the re-marked plug lower in value or in a lower place) is
//!   smaller, so the ascending pass has already read its old count.
//!
//! A loop closes only where `(` at plug `c` goes right into `)` at plug
//! `c + 1`: a solution when every other plug is empty (all cycles; a
//! Hamiltonian cycle only at the last point of the last row), read before
//! the point's pass.
//!
//! How many moduli a count needs comes from a proven bound: the 2-factor
//! sweep's ([`residue::count_bound`]), and where that is likely to ask for
//! a pass too many, the tighter bound from the grid's two halves
//! ([`halves`]: on Hamiltonian cycles of 16 x 16 points 121 bits against
//! 139, two passes instead of three). That bound needs the halves' counts
//! by occupied plugs: where the passes the count needs anyway hold them
//! exactly, they record them as they go and the bound costs no sweep
//! ([`halves::recorded_passes`]); elsewhere it sweeps half the grid in
//! floats, about half a pass.
//!
//! Several threads sweep different moduli at once, each with tables of its
//! own (the passes are independent), taking passes and the halves' bound
//! from one queue ([`scheduled`]). A pass still missing after the queue is
//! split across all of them: they sweep the same tables in step, each its
//! share of every point ([`Share`]), and meet between the point's groups
//! and the joins that cross the shares.

mod halves;

use super::grid::{partner_left, partner_left_from, partner_right, partner_right_below, zeroed, Cycles, Ranks};
use super::residue;
use super::sweep::Count;
use crate::error::{Error, Result};
use crate::interrupt::Stop;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Most plugs: two bits each, and the fold of plug `c + 1` shifts by
/// `2 (c + 2) <= 2 W` bits, which must stay below 64.
const MAX_PLUGS: usize = 31;

/// Sums modulo the pass's modulus.
trait Ring: Copy + Send + Sync {
    /// The count of the empty frontier before the first point.
    const ONE: u64 = 1;
    fn add(self, x: u64, y: u64) -> u64;
}

/// Modulo `2^64`: plain wrapping sums.
#[derive(Clone, Copy)]
struct Wrap;

impl Ring for Wrap {
    #[inline(always)]
    fn add(self, x: u64, y: u64) -> u64 {
        x.wrapping_add(y)
    }
}

/// Modulo a prime below `2^63` (two residues sum below `2^64`).
#[derive(Clone, Copy)]
struct Prime(u64);

impl Ring for Prime {
    #[inline(always)]
    fn add(self, x: u64, y: u64) -> u64 {
        // Branch-free: below the modulus, `s - m` wraps past `s`.
        let s = x + y;
        s.min(s.wrapping_sub(self.0))
    }
}

/// Plug strings read in base 3 (every plug is 0, 1 or 2): a table indexed
/// so has `3^n` entries where one indexed by the packed string has `4^n`
/// (at 16 points wide, the rank tables drop from about a megabyte to a
/// tenth of that, beside tables of 9.3 MB).
#[derive(Clone)]
struct Tern([u16; 256]);

impl Tern {
    fn new() -> Tern {
        let mut t = [0u16; 256];
        for (v, x) in t.iter_mut().enumerate() {
            *x = (0..4).rev().fold(0, |acc, i| acc * 3 + ((v >> (2 * i)) & 3) as u16);
        }
        Tern(t)
    }

    /// The base-3 value of packed string `v` (four plugs a lookup).
    #[inline(always)]
    fn of(&self, mut v: u64) -> usize {
        let (mut r, mut m) = (0, 1);
        while v != 0 {
            r += usize::from(self.0[(v & 255) as usize]) * m;
            m *= 81;
            v >>= 8;
        }
        r
    }

    /// A table over the packed strings of `plugs` plugs, re-indexed by
    /// base-3 value (the strings with a plug 3 dropped).
    fn squeeze<T: Copy + Default>(&self, full: &[T], plugs: u32) -> Vec<T> {
        if full.is_empty() {
            return Vec::new();
        }
        let mut out = vec![T::default(); 3usize.pow(plugs)];
        for (v, &x) in full.iter().enumerate() {
            if (0..plugs).all(|i| (v >> (2 * i)) & 3 != 3) {
                out[self.of(v as u64)] = x;
            }
        }
        out
    }
}

/// [`Ranks`] with its tables indexed in base 3 ([`Tern`]).
struct Compact {
    tern: Tern,
    lo_plugs: u32,
    lo_open: Vec<u8>,
    lo_index: Vec<u32>,
    lo_lists: Vec<Vec<u32>>,
    hi_close: Vec<u8>,
    hi_base: Vec<u32>,
    hi_list: Vec<(u32, u32)>,
    len: usize,
}

impl Compact {
    fn new(r: Ranks, plugs: u32, tern: &Tern) -> Compact {
        let (lo, hi) = (r.lo_plugs, plugs - r.lo_plugs);
        Compact {
            tern: tern.clone(),
            lo_plugs: lo,
            lo_open: tern.squeeze(&r.lo_open, lo),
            lo_index: tern.squeeze(&r.lo_index, lo),
            lo_lists: r.lo_lists,
            hi_close: tern.squeeze(&r.hi_close, hi),
            hi_base: tern.squeeze(&r.hi_base, hi),
            hi_list: r.hi_list,
            len: r.len,
        }
    }

    #[inline(always)]
    fn lo_open(&self, lo: u64) -> u8 {
        self.lo_open[self.tern.of(lo)]
    }

    #[inline(always)]
    fn lo_index(&self, lo: u64) -> u32 {
        self.lo_index[self.tern.of(lo)]
    }

    #[inline(always)]
    fn hi_close(&self, hi: u64) -> u8 {
        self.hi_close[self.tern.of(hi)]
    }

    /// The first slot of high half `hi`'s block (`u32::MAX`: none).
    #[inline(always)]
    fn hi_base(&self, hi: u64) -> u32 {
        self.hi_base[self.tern.of(hi)]
    }

    /// The slot of balanced state `s`.
    #[inline(always)]
    fn rank(&self, s: u64) -> usize {
        let lo = s & ((1u64 << (2 * self.lo_plugs)) - 1);
        self.hi_base(s >> (2 * self.lo_plugs)) as usize + self.lo_index(lo) as usize
    }
}

/// The tables' rank functions: the main table's `W` plugs (`L` of them in
/// the low half), and the done table's `W - 1` split after `L - 1` plugs
/// (`low`: its high halves are the main table's, when the folded plug is
/// in the low half) and after `L` (its low halves are the main table's:
/// only the first slot of each block is kept, `high_base`). Both splits
/// rank alike (numeric order). Only what the passes read is kept.
struct Tables {
    main: Compact,
    low: Compact,
    high_base: Vec<u32>,
    done_len: usize,
    /// `flips[k][r - 1][j]`: the low half `j` of the list of `k` open with
    /// its `r`-th open `(` from the top made `)` (closing the next one
    /// down), as its index in the list of `k - 2` open: where a `))` of the
    /// high half joins into, the `)` at `c` closing that `(` (read once per
    /// block instead of state by state).
    flips: Vec<Vec<Vec<u32>>>,
}

impl Tables {
    fn new(width: usize, max: usize) -> Option<Tables> {
        let tern = Tern::new();
        let main = Ranks::new(width, max)?;
        let l = main.lo_plugs;
        let mut low = Ranks::split(width - 1, l as usize - 1, max)?;
        // Ranks and the blocks' first slots are all a pass reads of it.
        (low.lo_open, low.lo_lists, low.hi_close, low.hi_list) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let high = Ranks::split(width - 1, l as usize, max)?;
        let high_base = tern.squeeze(&high.hi_base, width as u32 - 1 - l);
        let main = Compact::new(main, width as u32, &tern);
        let flips = main
            .lo_lists
            .iter()
            .enumerate()
            .map(|(k, list)| {
                (1..k)
                    .map(|r| {
                        let flip = |lo: u64| {
                            let q = open_from_top(lo, l)[r - 1];
                            main.lo_index((lo & !(3 << (2 * q))) | (2 << (2 * q)))
                        };
                        list.iter().map(|&lo| flip(u64::from(lo))).collect()
                    })
                    .collect()
            })
            .collect();
        Some(Tables { main, low: Compact::new(low, width as u32 - 1, &tern), high_base, done_len: high.len, flips })
    }

    /// A pass's tables, every count 0 but the empty frontier's, `one`.
    ///
    /// Every page is written once before the pass reads it. A page first
    /// read is mapped to the kernel's shared page of zeros, and the first
    /// write to it then replaces that mapping, which flushes it from the TLB
    /// of every core running this process: an interrupt to each of the
    /// other workers of a count, thousands of times a pass (on two threads
    /// at 16 x 16 points, a sixth of the CPU time went to those
    /// interrupts). The sweep writes nearly every page anyway, so this
    /// costs no memory (the same peak at 16 x 16 and 18 x 18 points).
    fn fresh(&self, one: u64) -> Result<(Vec<u64>, Vec<u64>)> {
        const PAGE_WORDS: usize = 4096 / 8;
        let mut main = zeroed(self.main.len)?;
        let mut done = zeroed(self.done_len)?;
        for table in [&mut main, &mut done] {
            for i in (0..table.len()).step_by(PAGE_WORDS) {
                // Volatile: the allocator's block is known to be zero, so
                // a plain store of zero could be dropped.
                // SAFETY: `i < len`, inside the allocation.
                unsafe { std::ptr::write_volatile(table.as_mut_ptr().add(i), 0) };
            }
        }
        main[self.main.rank(0)] = one;
        Ok((main, done))
    }

    /// The first slot of the done block of high half `hi` (`W - L - 1`
    /// plugs, the split after `L`).
    #[inline(always)]
    fn high_base(&self, hi: u64) -> usize {
        self.high_base[self.main.tern.of(hi)] as usize
    }
}

/// The number of single cycles of `kind` on a grid of `rows` x `cols`
/// points, counted modulo the moduli a proven bound on the count asks for
/// (on `threads` workers: passes and bounds side by side, and the passes
/// still missing after them each split across all of them, [`scheduled`]), or
/// `None` when the frontier is too wide, the bound is unknown, or the
/// tables of the workers would pass `max_states` slots (refused before any
/// is allocated; fewer workers are used when that makes them fit).
/// `peak_states` is one pass's slots.
pub fn count(
    rows: usize,
    cols: usize,
    kind: Cycles,
    max_states: usize,
    threads: usize,
    stop: &mut Stop<'_>,
) -> Result<Option<Count>> {
    let (height, width) = (rows.max(cols), rows.min(cols));
    if !(2..=MAX_PLUGS).contains(&width) {
        return Ok(None);
    }
    let Some(tables) = Tables::new(width, max_states) else { return Ok(None) };
    let slots = tables.main.len + tables.done_len;
    if slots > max_states {
        return Ok(None);
    }
    let grid = Grid { tables: &tables, height, width, kind };
    let threads = threads.clamp(1, MAX_SPLIT);
    // Table sets that fit at once: tasks side by side.
    let side = threads.min((max_states / slots).max(1));
    let pays = |bits: u32| halves::pays(bits, height, width, kind);
    // The records of the halves' counts fit beside the tables.
    let room = (slots / 4).min(max_states.saturating_sub(side * slots));
    let recorded = halves::recorded_passes(height, width, kind, room);
    let Some((moduli, got)) = scheduled(grid, threads, side, &pays, recorded, stop)? else { return Ok(None) };
    Ok(Some(Count { count: residue::crt(&moduli, &got), peak_states: slots }))
}

/// Most threads one pass is split across.
const MAX_SPLIT: usize = 64;

/// What every pass sweeps: the tables and the grid.
#[derive(Clone, Copy)]
struct Grid<'t> {
    tables: &'t Tables,
    height: usize,
    width: usize,
    kind: Cycles,
}

/// What a worker of [`scheduled`] does next.
#[derive(Clone, Copy)]
enum Task {
    /// The pass modulo the `i`-th modulus.
    Pass(usize),
    /// The bound from the halves ([`halves::bound`]).
    Halves,
}

/// The tasks not yet taken; `closed` once the lead has queued them all.
struct Queue {
    tasks: std::collections::VecDeque<Task>,
    closed: bool,
}

/// A task under way, counted in `running` until it ends, by a panic too
/// (the lead waits for `running` to reach 0).
struct Busy<'a>(&'a AtomicUsize);

impl<'a> Busy<'a> {
    fn start(running: &'a AtomicUsize) -> Busy<'a> {
        running.fetch_add(1, Ordering::AcqRel);
        Busy(running)
    }
}

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The lead's hold on the queue: dropped, by a panic too, it closes the
/// queue, so that no worker waits for tasks that will never come, and on a
/// panic tells the workers to stop.
struct Closer<'a> {
    queue: &'a Mutex<Queue>,
    abort: &'a AtomicBool,
}

impl Drop for Closer<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.abort.store(true, Ordering::Relaxed);
        }
        self.queue.lock().unwrap_or_else(std::sync::PoisonError::into_inner).closed = true;
    }
}

/// The moduli a count needs and its residues, by `side` workers taking
/// tasks from one queue (the calling thread is one of them, the lead, the
/// only one to ask `stop`), then the passes still missing each split
/// across all `threads`. `None` when the count has no bound in a float.
///
/// Where `recorded` passes give the halves' counts exactly and are needed
/// anyway ([`halves::recorded_passes`]), they are all known at once and
/// record those counts; their bound ([`halves::bound_recorded`]) says
/// whether more passes are needed, and no 2-factor bound is computed. They
/// run side by side in whole rounds of the workers, and the rest are split
/// after the queue, the pass modulo `2^64` first among them. On two
/// threads (idle machine, best runs of several; the machine's second core
/// came and went): Hamiltonian cycles of 16 x 16 points, two passes side
/// by side, 0.24 s against 0.42 s on one thread (1.75x); all cycles of
/// 15 x 15 cells, two primes' passes side by side then the `2^64` one
/// split, 0.41 to 0.43 s against 0.70 to 0.75 s (about 1.7x); Hamiltonian
/// 18 x 18 the same way, 5.7 to 6.2 s against 8.0 to 9.0 s (1.35x to
/// 1.45x). A pass beside another takes about a tenth longer than alone at
/// 16 wide, where its tables fit the cache, but 1.2x to 1.3x longer at 18
/// wide (3.8 to 3.9 s against 2.8 to 3.2 s, timed task by task), where two
/// table sets of 71 MB stream from memory at once; a split pass there
/// runs only 1.2x faster than alone (2.3 s against 2.8 s), each worker's
/// share of the points slowed the same way. Two threads there would need
/// fewer bytes moved a point, not a better schedule.
///
/// Elsewhere the pass modulo `2^64` is needed whatever the bound says, so
/// it is queued at once; the lead meanwhile computes the 2-factor bound
/// ([`residue::count_bound`]) and queues the passes it asks for, or, where
/// `pays` says the bound from the halves will likely need fewer
/// ([`halves::pays`]), the passes that one would ask for and then that
/// bound itself, last, so that a worker free early sweeps it while the
/// others make passes. The passes the tighter of the two bounds still asks
/// for run after the queue.
fn scheduled(
    grid: Grid<'_>,
    threads: usize,
    side: usize,
    pays: &dyn Fn(u32) -> Option<usize>,
    recorded: Option<usize>,
    stop: &mut Stop<'_>,
) -> Result<Option<(Vec<u64>, Vec<u64>)>> {
    // A pass on one thread when others run beside it, split when the
    // tables of one pass are all that fits.
    let pass_workers = if side == 1 { threads } else { 1 };
    // Recorded passes side by side in whole rounds of the workers; the
    // rest (all of them where one table set is all that fits) split after
    // the queue, so that no worker waits while another makes the last.
    // The split ones are the first: the pass modulo 2^64, whose sums need
    // no reduction, is the quickest (a tenth to a fifth quicker than a
    // prime's), and side by side it would wait for the other.
    let (first, moduli) = match recorded {
        Some(n) => {
            let split = if pass_workers > 1 { n } else { n % side };
            ((split..n).map(Task::Pass).collect(), residue::first_moduli(n, 64))
        }
        None => ([Task::Pass(0)].into(), vec![0]),
    };
    let queue = Mutex::new(Queue { tasks: first, closed: recorded.is_some() });
    // Residues by modulus index (the prefix of the moduli of the looser
    // bound, or the recorded passes'), their records, and the halves'
    // bound once swept.
    let got: Mutex<Vec<Option<u64>>> = Mutex::new(Vec::new());
    let records: Mutex<Vec<Option<halves::Record>>> = Mutex::new(Vec::new());
    let tight: Mutex<Option<u32>> = Mutex::new(None);
    let moduli_of_loose: Mutex<Vec<u64>> = Mutex::new(moduli);
    let abort = AtomicBool::new(false);
    let running = AtomicUsize::new(0);
    let keep = |i: usize, r: u64, record: Option<halves::Record>| {
        let mut g = got.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if g.len() <= i {
            g.resize(i + 1, None);
        }
        g[i] = Some(r);
        if let Some(record) = record {
            let mut k = records.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if k.len() <= i {
                k.resize_with(i + 1, || None);
            }
            k[i] = Some(record);
        }
    };
    let work = |ask: &mut dyn FnMut() -> bool| -> Result<()> {
        loop {
            let (task, _busy) = {
                let mut q = queue.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                match q.tasks.pop_front() {
                    Some(t) => (t, Busy::start(&running)),
                    None if q.closed => return Ok(()),
                    None => {
                        drop(q);
                        if ask() {
                            return Err(Error::Interrupted);
                        }
                        std::thread::sleep(std::time::Duration::from_micros(200));
                        continue;
                    }
                }
            };
            let done = match task {
                Task::Pass(i) => {
                    let m = moduli_of_loose.lock().unwrap_or_else(std::sync::PoisonError::into_inner)[i];
                    if recorded.is_some() {
                        pass_recording(grid, m, 1, ask).map(|(r, record)| keep(i, r, Some(record)))
                    } else {
                        pass_mod(grid, m, pass_workers, ask).map(|r| keep(i, r, None))
                    }
                }
                Task::Halves => halves::bound(grid, ask)
                    .map(|b| *tight.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = b),
            };
            done?;
        }
    };
    let work = &work;
    let abort = &abort;
    // The lead's share of the queue, then asking for the others' tasks
    // still under way.
    let lead = |stop: &mut Stop<'_>| -> Result<()> {
        let mut ask = || {
            if stop.requested() {
                abort.store(true, Ordering::Relaxed);
            }
            abort.load(Ordering::Relaxed)
        };
        let r = work(&mut ask);
        while r.is_ok() && running.load(Ordering::Acquire) > 0 && !abort.load(Ordering::Relaxed) {
            if stop.poll() {
                abort.store(true, Ordering::Relaxed);
            }
            std::thread::sleep(Stop::PERIOD / 4);
        }
        r
    };
    let plan = std::thread::scope(|scope| -> Result<Known> {
        let handles: Vec<_> =
            (1..side).map(|_| scope.spawn(move || work(&mut || abort.load(Ordering::Relaxed)))).collect();
        let _closer = Closer { queue: &queue, abort };
        let (plan, mine) = if recorded.is_some() {
            // The recorded passes are queued: no 2-factor bound, their
            // records give a tighter one.
            (Ok(Known::Recorded), lead(stop))
        } else {
            // The lead: the 2-factor bound, then the queue, then work like the rest.
            match residue::count_bound(grid.height, grid.width, grid.kind == Cycles::Hamiltonian, stop) {
                Ok(Some(bits)) => {
                    let all = residue::moduli(bits, 64);
                    let guess = pays(bits);
                    let (queued, halves) = guess.map_or((all.len(), false), |n| (n.min(all.len()), true));
                    *moduli_of_loose.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = all;
                    let mut q = queue.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                    q.tasks.extend((1..queued).map(Task::Pass));
                    if halves {
                        q.tasks.push_back(Task::Halves);
                    }
                    q.closed = true;
                    drop(q);
                    (Ok(Known::Loose(bits)), lead(stop))
                }
                other => {
                    // No bound (or stopped): the others' first pass is not needed.
                    abort.store(true, Ordering::Relaxed);
                    queue.lock().unwrap_or_else(std::sync::PoisonError::into_inner).closed = true;
                    (other.map(|_| Known::NoBound), Ok(()))
                }
            }
        };
        let theirs: Vec<Result<()>> =
            handles.into_iter().map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect();
        if matches!(plan, Ok(Known::NoBound)) {
            return Ok(Known::NoBound); // the others were told to stop
        }
        let plan = plan?;
        mine?;
        theirs.into_iter().collect::<Result<()>>()?;
        Ok(plan)
    })?;
    let mut got = got.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
    let bits = match plan {
        Known::NoBound => return Ok(None),
        Known::Loose(loose) => {
            tight.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner).map_or(loose, |t| t.min(loose))
        }
        Known::Recorded => {
            let done = moduli_of_loose.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
            let mut records = records.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
            records.resize_with(done.len(), || None);
            got.resize(done.len().max(got.len()), None);
            // The recorded passes not queued (one table set fits), split.
            let mut all = Vec::with_capacity(done.len());
            for (i, record) in records.into_iter().enumerate() {
                all.push(match record {
                    Some(record) => record,
                    None => {
                        let (r, record) = pass_recording(grid, done[i], threads, &mut || stop.requested())?;
                        got[i] = Some(r);
                        record
                    }
                });
            }
            let bound = halves::bound_recorded(grid, &done, &all);
            drop(all);
            match bound {
                Some(bits) => bits,
                None => match residue::count_bound(grid.height, grid.width, grid.kind == Cycles::Hamiltonian, stop)? {
                    Some(bits) => bits,
                    None => return Ok(None),
                },
            }
        }
    };
    let moduli = residue::moduli(bits, 64);
    got.resize(moduli.len().max(got.len()), None);
    got.truncate(moduli.len());
    let mut residues = Vec::with_capacity(moduli.len());
    for (&m, r) in moduli.iter().zip(got) {
        residues.push(match r {
            Some(r) => r,
            None => pass_mod(grid, m, threads, &mut || stop.requested())?,
        });
    }
    Ok(Some((moduli, residues)))
}

/// What [`scheduled`]'s lead learnt before the queue ran dry.
enum Known {
    /// The count has no bound in a float (or the lead was stopped).
    NoBound,
    /// The 2-factor bound, in bits.
    Loose(u32),
    /// The passes recorded the halves ([`halves::recorded_passes`]).
    Recorded,
}

/// [`pass_mod`], recording what the halves' bound needs ([`halves::Record`]).
fn pass_recording(
    grid: Grid<'_>,
    m: u64,
    workers: usize,
    ask: &mut dyn FnMut() -> bool,
) -> Result<(u64, halves::Record)> {
    fn go<R: Ring>(
        grid: Grid<'_>,
        ring: R,
        workers: usize,
        ask: &mut dyn FnMut() -> bool,
    ) -> Result<(u64, halves::Record)> {
        let mut record = halves::Record::new();
        let mut seen = |row, closed, s| record.seen(grid, ring, row, closed, s);
        let total = match workers {
            1 => sweep(grid, ring, grid.height, ask, &mut seen)?,
            _ => split(grid, ring, workers, ask, &mut seen)?,
        };
        Ok((total, record))
    }
    match m {
        0 => go(grid, Wrap, workers, ask),
        _ => go(grid, Prime(m), workers, ask),
    }
}

/// One pass modulo `m` (`0`: `2^64`) on `workers` threads (the calling
/// thread one of them, the only one to call `ask`).
fn pass_mod(grid: Grid<'_>, m: u64, workers: usize, ask: &mut dyn FnMut() -> bool) -> Result<u64> {
    match (m, workers) {
        (0, 1) => pass(grid, Wrap, ask),
        (_, 1) => pass(grid, Prime(m), ask),
        (0, _) => split(grid, Wrap, workers, ask, &mut |_, _, _| ()),
        _ => split(grid, Prime(m), workers, ask, &mut |_, _, _| ()),
    }
}

/// Blocks of the main table between two questions to `ask`.
const CHUNK: usize = 16;

/// One sweep of fresh tables on one thread: the count modulo `ring`'s modulus.
fn pass<R: Ring>(grid: Grid<'_>, ring: R, ask: &mut dyn FnMut() -> bool) -> Result<u64> {
    sweep(grid, ring, grid.height, ask, &mut |_, _, _| ())
}

/// The first `rows` rows of a pass on one thread, from fresh tables: the
/// cycles closed in them, in `ring`; `seen(row, closed, slots)` after each
/// row's end, where the tables hold the frontier below that row.
fn sweep<R: Ring>(
    grid: Grid<'_>,
    ring: R,
    rows: usize,
    ask: &mut dyn FnMut() -> bool,
    seen: &mut dyn FnMut(usize, u64, Slots),
) -> Result<u64> {
    let Grid { tables, height, width, kind } = grid;
    let (mut main, mut done) = tables.fresh(R::ONE)?;
    let s = Slots::of(&mut main, &mut done);
    let all = kind == Cycles::All;
    let mut total = 0u64;
    for row in 0..rows.min(height) {
        let can_down = row + 1 < height;
        for c in 0..width as u32 - 1 {
            let point = Point { c, can_down, all };
            total = ring.add(total, point.closing(tables, s, width));
            let plans = point.plans(tables);
            point.inner(tables, s, ring, &plans, Share::ALL, ask)?;
        }
        row_end(s, ring, all, Share::ALL);
        seen(row, total, s);
        if !can_down {
            break;
        }
    }
    if ask() {
        return Err(Error::Interrupted);
    }
    Ok(total)
}

/// One sweep of fresh tables by `workers` threads at once, which meet
/// twice a point: once every worker has made its share of the point's
/// groups and joins ([`Share`]), and once each has made its share of the
/// joins that cross the shares (the calling thread has also asked `ask`
/// and read what closes at the next point); and twice a row, around the
/// row's end, after which the calling thread calls `seen` as [`sweep`]
/// does while the others wait.
fn split<R: Ring>(
    grid: Grid<'_>,
    ring: R,
    workers: usize,
    ask: &mut dyn FnMut() -> bool,
    seen: &mut dyn FnMut(usize, u64, Slots),
) -> Result<u64> {
    let Grid { tables, height, width, kind } = grid;
    let (mut main, mut done) = tables.fresh(R::ONE)?;
    let s = Slots::of(&mut main, &mut done);
    let all = kind == Cycles::All;
    let meet = Meet::new(workers);
    let quit = AtomicBool::new(false);
    // Every worker's walk over the points; `lead` (the calling thread's)
    // also makes the crossing joins, sums the closings, asks and sees.
    type Lead<'a> = (&'a mut dyn FnMut() -> bool, &'a mut dyn FnMut(usize, u64, Slots));
    let walk = |worker: usize, mut lead: Option<Lead<'_>>| -> u64 {
        let _broken = meet.guard();
        let share = Share { worker, workers };
        let mut total = 0u64;
        'rows: for row in 0..height {
            let can_down = row + 1 < height;
            if lead.is_some() {
                // The row's first closing, read while every other worker waits.
                total = ring.add(total, Point { c: 0, can_down, all }.closing(tables, s, width));
            }
            meet.wait();
            for c in 0..width as u32 - 1 {
                let point = Point { c, can_down, all };
                let plans = point.plans(tables);
                point.inner(tables, s, ring, &plans, share, &mut || false).expect("a share never asks");
                meet.wait();
                point.crossing(tables, s, ring, &plans, share);
                if let Some((ask, _)) = lead.as_mut() {
                    if ask() {
                        quit.store(true, Ordering::Relaxed);
                    }
                    // The next point's closing: the crossing joins write no
                    // main slot but the sources they empty, never a closing.
                    if c as usize + 2 < width {
                        let next = Point { c: c + 1, can_down, all };
                        total = ring.add(total, next.closing(tables, s, width));
                    }
                }
                meet.wait();
                if quit.load(Ordering::Relaxed) {
                    break 'rows;
                }
            }
            row_end(s, ring, all, share);
            // Every share's row end is made: the lead sees the row, and
            // reads the next row's first closing.
            meet.wait();
            if let Some((_, seen)) = lead.as_mut() {
                seen(row, total, s);
            }
            if !can_down {
                break;
            }
        }
        total
    };
    let walk = &walk;
    let total = std::thread::scope(|scope| {
        let handles: Vec<_> = (1..workers).map(|w| scope.spawn(move || walk(w, None))).collect();
        let total = walk(0, Some((ask, seen)));
        for h in handles {
            h.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
        }
        total
    });
    if quit.load(Ordering::Relaxed) {
        return Err(Error::Interrupted);
    }
    Ok(total)
}

/// The last column of a row: no right edge. Its states with plug `W - 1`
/// empty are the first slots of the main table, in the order of the done
/// table's (the same strings without that plug); `share` takes its part.
fn row_end<R: Ring>(s: Slots, ring: R, all: bool, share: Share) {
    let (from, to) = share.part(s.done_len);
    assert!(to <= s.done_len && s.done_len <= s.main_len);
    for i in from..to {
        // SAFETY: `i < done_len <= main_len` (asserted above); a share's
        // slots are its own.
        unsafe {
            let (m, d) = (s.main.add(i), s.done.add(i));
            if *d != 0 || (!all && *m != 0) {
                // Pages of zeros stay untouched (most of a Hamiltonian table).
                *m = ring.add(if all { *m } else { 0 }, *d);
                *d = 0;
            }
        }
    }
}

/// The two tables of a pass, as raw pointers: the workers of a split pass
/// write disjoint slots of the same tables between two meetings
/// ([`Share`]), which `&mut` slices held by each could not say.
#[derive(Clone, Copy)]
struct Slots {
    main: *mut u64,
    main_len: usize,
    done: *mut u64,
    done_len: usize,
}

// SAFETY: a `Slots` points into a pass's tables, which outlive every thread
// of the pass (a scope); between two meetings the workers touch disjoint
// slots ([`Share`]), and the meetings order what one wrote before another reads.
unsafe impl Send for Slots {}
unsafe impl Sync for Slots {}

impl Slots {
    fn of(main: &mut [u64], done: &mut [u64]) -> Slots {
        Slots { main: main.as_mut_ptr(), main_len: main.len(), done: done.as_mut_ptr(), done_len: done.len() }
    }

    /// Main slot `r`.
    #[inline(always)]
    fn get(&self, r: usize) -> u64 {
        assert!(r < self.main_len);
        // SAFETY: in bounds (asserted above).
        unsafe { *self.main.add(r) }
    }
}

/// Which share of a point's work a worker of a split pass makes, so that
/// no slot is touched by two workers between two meetings:
///
/// - the pair of plugs in the low half: whole blocks, a run of the main
///   table each (a block's groups and joins stay in it and in its own done
///   block);
/// - in the high half: the same part of every block (a group's slots, and
///   a join's source and target, lie at the same place of their blocks);
/// - at the straddling point: the blocks whose high halves are the same
///   but for their first plug (an anchor's group lies in them, and the
///   joins `))` of the last go into the anchor's done block), by where
///   that done block lies, a run of the done table each.
///
/// Runs rather than blocks dealt in turn: neighbouring blocks of different
/// workers share cache lines, which then bounce between the cores.
///
/// What crosses those lines, the joins whose target lies in another share,
/// waits for [`Point::crossing`], once every group is made (their targets'
/// groups, as in one pass, first), shared out by where they write.
#[derive(Clone, Copy)]
struct Share {
    worker: usize,
    workers: usize,
}

impl Share {
    /// The whole point, by one thread (crossing joins made in place).
    const ALL: Share = Share { worker: 0, workers: 1 };

    fn whole(self) -> bool {
        self.workers == 1
    }

    /// This share's part `[from, to)` of `len` places.
    #[inline(always)]
    fn part(self, len: usize) -> (usize, usize) {
        // Cut at whole cache lines of the block (eight words; a block's
        // first slot need not start one): a block shorter than two lines
        // is the last worker's alone. Two workers writing one line in turn
        // make it bounce between their cores (at 16 x 16 points a split
        // pass took half again as long as one thread when its blocks
        // were cut word by word).
        let cut = |w: usize| if w == self.workers { len } else { (len * w / self.workers) & !7 };
        (cut(self.worker), cut(self.worker + 1))
    }

    /// Whether what is keyed by slot `at` of a table of `len` slots is this
    /// share's: the shares are runs of the table, so that two workers
    /// write the same cache line only where their runs meet.
    #[inline(always)]
    fn takes(self, at: usize, len: usize) -> bool {
        (at.min(len) * self.workers / len.max(1)).min(self.workers - 1) == self.worker
    }
}

/// Where the workers of a split pass wait for each other: two meetings a
/// point, a millisecond or less apart, where a sleeping
/// barrier's wake-up would cost a good part of that. It spins a little,
/// then yields. A worker that panics marks it broken, and the others then
/// panic too rather than wait for ever.
struct Meet {
    workers: usize,
    arrived: AtomicUsize,
    round: AtomicUsize,
    broken: AtomicBool,
}

impl Meet {
    fn new(workers: usize) -> Meet {
        Meet { workers, arrived: AtomicUsize::new(0), round: AtomicUsize::new(0), broken: AtomicBool::new(false) }
    }

    fn wait(&self) {
        let round = self.round.load(Ordering::Acquire);
        if self.arrived.fetch_add(1, Ordering::AcqRel) + 1 == self.workers {
            self.arrived.store(0, Ordering::Relaxed);
            self.round.fetch_add(1, Ordering::Release);
            return;
        }
        let mut spins = 0u32;
        while self.round.load(Ordering::Acquire) == round {
            assert!(!self.broken.load(Ordering::Relaxed), "a worker of the split pass panicked");
            if spins < 2_000 {
                spins += 1;
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }

    /// Marks the meeting broken when dropped while its worker panics.
    fn guard(&self) -> impl Drop + '_ {
        struct Guard<'m>(&'m Meet);
        impl Drop for Guard<'_> {
            fn drop(&mut self) {
                if std::thread::panicking() {
                    self.0.broken.store(true, Ordering::Relaxed);
                }
            }
        }
        Guard(self)
    }
}

/// What a point's blocks do, by where its pair of plugs lies.
enum Plans {
    /// In the high half: nothing to plan (a block's groups lie at the same
    /// place of their blocks).
    High,
    /// In the low half: a plan per number of open `(`.
    Low(Vec<Plan>),
    /// Across the halves: a plan per number of open `(`.
    Straddle(Vec<Straddle>),
}

/// A point other than the last of its row.
struct Point {
    c: u32,
    can_down: bool,
    /// The point may stay empty (all cycles).
    all: bool,
}

/// Plug `p` of `v` taken out (the plugs above it move down one).
#[inline(always)]
fn without(v: u64, p: u32) -> u64 {
    let keep = 2 * p;
    (v & ((1u64 << keep) - 1)) | ((v >> (keep + 2)) << keep)
}

/// How many `(` of `v`'s plugs `from..plugs` their own `)` do not close
/// within those plugs.
fn open_above(v: u64, from: u32, plugs: u32) -> u32 {
    let mut open = 0u32;
    for p in from..plugs {
        match (v >> (2 * p)) & 3 {
            1 => open += 1,
            2 => open = open.saturating_sub(1),
            _ => {}
        }
    }
    open
}

/// The plugs of low half `lo` (`plugs` plugs) holding a `(` that no `)`
/// of the low half closes, from the top down.
fn open_from_top(lo: u64, plugs: u32) -> Vec<u32> {
    let mut depth = 0u32;
    let mut open = Vec::new();
    for p in (0..plugs).rev() {
        match (lo >> (2 * p)) & 3 {
            2 => depth += 1,
            1 if depth > 0 => depth -= 1,
            1 => open.push(p),
            _ => {}
        }
    }
    open
}

/// How many `)` of `v`'s plugs `0..to` no `(` among those plugs closes.
fn unmatched_closes(v: u64, to: u32) -> u32 {
    let (mut depth, mut unmatched) = (0u32, 0u32);
    for p in 0..to {
        match (v >> (2 * p)) & 3 {
            1 => depth += 1,
            2 if depth > 0 => depth -= 1,
            2 => unmatched += 1,
            _ => {}
        }
    }
    unmatched
}

/// High half `hi` with its `r`-th `)` from the bottom whose `(` lies below
/// it (in the low half) re-marked `(`.
fn reopen(hi: u64, r: u32) -> u64 {
    let (mut depth, mut seen) = (0u32, 0u32);
    for p in 0..32 {
        match (hi >> (2 * p)) & 3 {
            1 => depth += 1,
            2 if depth > 0 => depth -= 1,
            2 => {
                seen += 1;
                if seen == r {
                    return (hi & !(3 << (2 * p))) | (1 << (2 * p));
                }
            }
            _ => {}
        }
    }
    unreachable!("the high half closes the low half's open `(`")
}

/// Sentinel of a slot that does not exist.
const NONE: u32 = u32::MAX;

/// A block's work at a point whose pair lies in the low half, in runs of
/// consecutive slots (the states that differ only below plug `c`: their
/// siblings and done slots are as many consecutive slots, in the same
/// order), by index in the main block and in the done block of the same
/// high half: groups `00` (`[00, (), )( or NONE, done, length]`), groups
/// `x0` (`[x0, 0x, done, length]`), joins `((` whose target is in that done
/// block (`[source, target, length]`), joins `))` (`[source, target]`: the
/// far end lies below `c`, so each state has its own), and joins `((` whose
/// far end lies in the high half (`alone[r - 1]`: `[source, target,
/// length]` where plug `c + 1` is the `r`-th `(` from the top left open by
/// the low half, so that its partner is the high half's `r`-th unmatched
/// `)` from the bottom: the target lies in the done block of the high half
/// with that `)` re-marked, one block for all the runs of the same `r`).
#[derive(Default)]
struct Plan {
    zeros: Vec<[u32; 5]>,
    ones: Vec<[u32; 4]>,
    runs: Vec<[u32; 3]>,
    joins: Vec<[u32; 2]>,
    alone: Vec<Vec<[u32; 3]>>,
}

/// The point at the last plug of the low half (`c = L - 1`; plug `c + 1`
/// is the high half's first), for a list of `k` open: the runs of its low
/// halves ending in `0`, `(` and `)` (start, length), and where the same
/// prefixes ending otherwise start in the lists of `k - 1` and `k + 1`
/// open; joins `))` state by state (`[source, target in list k - 1]`).
#[derive(Default)]
struct Straddle {
    /// `[start, length]` of the low halves ending in `0`, `(`, `)`.
    run: [[u32; 2]; 3],
    /// Where the prefixes of the run ending in `0` start, ending in `(`
    /// (list `k + 1`) and in `)` (list `k - 1`, or NONE).
    zero_to: [u32; 2],
    /// Where the prefixes of the runs ending in `(` and `)` start, ending
    /// in `0` (lists `k - 1` and `k + 1`).
    end_to: [u32; 2],
    joins: Vec<[u32; 2]>,
}

impl Point {
    /// The pass over the main table, in ascending order (see the module
    /// doc): by whole blocks when the pair lies in the high half (a group's
    /// slots then lie at the same place of their blocks), else by a plan per
    /// number of open `(` in runs of consecutive slots.
    fn inner<R: Ring>(
        &self,
        t: &Tables,
        s: Slots,
        ring: R,
        plans: &Plans,
        share: Share,
        ask: &mut dyn FnMut() -> bool,
    ) -> Result<()> {
        for (b, &(hi, base)) in t.main.hi_list.iter().enumerate() {
            if b % CHUNK == 0 && ask() {
                return Err(Error::Interrupted);
            }
            let (hi, base) = (u64::from(hi), base as usize);
            match plans {
                Plans::High => self.high(t, s, ring, hi, base, share),
                Plans::Low(plans) => {
                    if share.whole() || share.takes(base, s.main_len) {
                        self.low(t, s, ring, plans, hi, base, share.whole());
                    }
                }
                Plans::Straddle(plans) => {
                    if share.whole() || (hi & 3 != 1 && share.takes(t.high_base(hi >> 2), s.done_len)) {
                        self.straddle(t, s, ring, plans, hi, base, share.whole());
                    }
                }
            }
        }
        Ok(())
    }

    /// The plans of this point's blocks.
    fn plans(&self, t: &Tables) -> Plans {
        let l = t.main.lo_plugs;
        let lists = t.main.lo_lists.len();
        if self.c >= l {
            Plans::High
        } else if self.c + 1 < l {
            Plans::Low((0..lists).map(|k| self.plan(t, k)).collect())
        } else {
            Plans::Straddle((0..lists).map(|k| self.straddle_plan(t, k)).collect())
        }
    }

    /// What a loop closing at this point counts, read before its pass: `(`
    /// at plug `c` going right into `)` at `c + 1`, every other plug empty
    /// (all cycles; a Hamiltonian cycle only at the last point of the last
    /// row), one way on.
    fn closing(&self, t: &Tables, s: Slots, width: usize) -> u64 {
        if self.all || (!self.can_down && self.c as usize + 2 == width) {
            s.get(t.main.rank((1 << (2 * self.c)) | (2 << (2 * self.c + 2))))
        } else {
            0
        }
    }

    /// The joins of a split pass whose target lies in another share's
    /// slots (see [`Share`]), made once every share's groups are made, and
    /// shared out again by where they write, so that no two workers add into
    /// one slot: in the high half by source block (a `))` block's target
    /// block is its high half without the pair, one per source), in the low
    /// half and at the straddling point by target block.
    fn crossing<R: Ring>(&self, t: &Tables, s: Slots, ring: R, plans: &Plans, share: Share) {
        let mr = &t.main;
        for &(hi, base) in &mr.hi_list {
            let (hi, base) = (u64::from(hi), base as usize);
            let k = mr.hi_close(hi) as usize;
            match plans {
                Plans::High => {
                    let c = self.c - mr.lo_plugs;
                    if (hi >> (2 * c)) & 15 == 10
                        && partner_left_from(hi, c, 0).is_none()
                        && share.takes(base, s.main_len)
                    {
                        self.far_joins(t, s, ring, hi, base, k);
                    }
                }
                Plans::Low(plans) => self.alone(t, s, ring, &plans[k], hi, base, share),
                Plans::Straddle(plans) => {
                    if hi & 3 == 1 {
                        self.straddle_joins(t, s, ring, &plans[k], hi, base, share);
                    }
                }
            }
        }
    }

    /// The block of high half `hi` (first slot `base`), the pair in the
    /// high half: `share`'s part of its places.
    #[allow(clippy::too_many_arguments, reason = "the tables, the ring, the block and the share")]
    #[inline(always)]
    fn high<R: Ring>(&self, t: &Tables, s: Slots, ring: R, hi: u64, base: usize, share: Share) {
        let mr = &t.main;
        let c = self.c - mr.lo_plugs;
        let (sh0, sh1) = (2 * c, 2 * c + 2);
        let k = mr.hi_close(hi);
        let (from, to) = share.part(mr.lo_lists[k as usize].len());
        let (len, base) = (to - from, base + from);
        let done_block = |h: u64| t.high_base(without(h, c + 1)) + from;
        match (hi >> sh0) & 15 {
            0 => {
                let b12 = mr.hi_base(hi | (1 << sh0) | (2 << sh1)) as usize + from;
                let h21 = hi | (2 << sh0) | (1 << sh1);
                let b21 = (mr.hi_close(h21) == k).then(|| mr.hi_base(h21) as usize + from);
                self.zeros(s, ring, [base, b12, b21.map_or(NONE as usize, |b| b), done_block(hi)], len);
            }
            x @ (1 | 2) => {
                let b0x = mr.hi_base((hi & !(3 << sh0)) | (x << sh1)) as usize + from;
                self.ones(s, ring, [base, b0x, done_block(hi)], len);
            }
            p @ (5 | 10) => {
                let far = if p == 5 { Some(partner_right(hi, c + 1)) } else { partner_left_from(hi, c, 0) };
                match far {
                    Some(q) => {
                        let to = (hi & !(15 << sh0) & !(3 << (2 * q))) | ((p & 3) << (2 * q));
                        self.join(s, ring, base, done_block(to), len);
                    }
                    // A `))` whose far end lies in the low half: its target
                    // lies elsewhere in the done table.
                    None if share.whole() => self.far_joins(t, s, ring, hi, base, k as usize),
                    None => {}
                }
            }
            _ => {}
        }
    }

    /// The joins `))` of block `hi` (first slot `base`, `k` open) whose far
    /// end lies in the low half: the `)` at `c` closes the low half's `r`-th
    /// open `(` from the top, which becomes `)` ([`Tables::flips`]), into the
    /// done block of `hi` without the pair.
    fn far_joins<R: Ring>(&self, t: &Tables, s: Slots, ring: R, hi: u64, base: usize, k: usize) {
        let c = self.c - t.main.lo_plugs;
        let r = unmatched_closes(hi, c) + 1;
        let bd = t.high_base(without(hi & !(15 << (2 * c)), c + 1));
        let to = &t.flips[k][r as usize - 1];
        assert!(base + to.len() <= s.main_len && to.iter().all(|&d| bd + (d as usize) < s.done_len));
        for (j, &d) in to.iter().enumerate() {
            // SAFETY: in bounds (asserted above); these slots are this
            // share's (see `Point::crossing`).
            unsafe {
                let v = s.main.add(base + j);
                if *v != 0 {
                    let d = s.done.add(bd + d as usize);
                    *d = ring.add(*d, *v);
                    if !self.can_down {
                        *v = 0;
                    }
                }
            }
        }
    }

    /// The block of high half `hi` (first slot `base`), the pair in the low
    /// half: its plan (groups first, then the joins, whose targets' groups
    /// are then done; with `crossing`, also the joins into other blocks).
    #[allow(clippy::too_many_arguments, reason = "the tables, the ring, the plans and the block")]
    #[inline(always)]
    fn low<R: Ring>(&self, t: &Tables, s: Slots, ring: R, plans: &[Plan], hi: u64, base: usize, crossing: bool) {
        let k = t.main.hi_close(hi) as usize;
        let plan = &plans[k];
        let bd = t.low.hi_base(hi) as usize;
        let at = |j: u32| base + j as usize;
        for &[j, j12, j21, jd, n] in &plan.zeros {
            let r21 = if j21 == NONE { NONE as usize } else { at(j21) };
            self.zeros(s, ring, [at(j), at(j12), r21, bd + jd as usize], n as usize);
        }
        for &[j, j0x, jd, n] in &plan.ones {
            self.ones(s, ring, [at(j), at(j0x), bd + jd as usize], n as usize);
        }
        for &[j, jd, n] in &plan.runs {
            self.join(s, ring, at(j), bd + jd as usize, n as usize);
        }
        for &[j, jd] in &plan.joins {
            self.join(s, ring, at(j), bd + jd as usize, 1);
        }
        if crossing {
            self.alone(t, s, ring, plan, hi, base, Share::ALL);
        }
    }

    /// The joins `((` of block `hi` (first slot `base`, `k` open) whose far
    /// end lies in the high half: into the done block of `hi` with that end
    /// re-marked `(`; `share` makes those whose target block is its own.
    #[allow(clippy::too_many_arguments, reason = "the tables, the ring, the plan, the block and the share")]
    fn alone<R: Ring>(&self, t: &Tables, s: Slots, ring: R, plan: &Plan, hi: u64, base: usize, share: Share) {
        for (r, runs) in (1..).zip(&plan.alone) {
            if runs.is_empty() {
                continue;
            }
            let to = reopen(hi, r);
            let bd = t.low.hi_base(to) as usize;
            if share.whole() || share.takes(bd, s.done_len) {
                for &[j0, jd, n] in runs {
                    self.join(s, ring, base + j0 as usize, bd + jd as usize, n as usize);
                }
            }
        }
    }

    /// What a block with `k` open does at this point, the pair in the low half.
    fn plan(&self, t: &Tables, k: usize) -> Plan {
        let (mr, dl) = (&t.main, &t.low);
        let (sh0, sh1) = (2 * self.c, 2 * self.c + 2);
        let index = |lo: u64| mr.lo_index(lo);
        let folded = |lo: u64| dl.lo_index(without(lo, self.c + 1));
        let mut plan = Plan::default();
        let list = &mr.lo_lists[k];
        let mut j = 0;
        while j < list.len() {
            // The run of the states with the same plugs from `c` up.
            let lo = u64::from(list[j]);
            let n = list[j..].iter().take_while(|&&x| u64::from(x) >> sh0 == lo >> sh0).count();
            let (j0, n32) = (j as u32, n as u32);
            match (lo >> sh0) & 15 {
                0 => {
                    let l21 = lo | (2 << sh0) | (1 << sh1);
                    let j21 = if mr.lo_open(l21) as usize == k { index(l21) } else { NONE };
                    plan.zeros.push([j0, index(lo | (1 << sh0) | (2 << sh1)), j21, folded(lo), n32]);
                }
                x @ (1 | 2) => plan.ones.push([j0, index((lo & !(3 << sh0)) | (x << sh1)), folded(lo), n32]),
                5 => match partner_right_below(lo, self.c + 1, mr.lo_plugs) {
                    Some(q) => {
                        let to = (lo & !(15 << sh0) & !(3 << (2 * q))) | (1 << (2 * q));
                        plan.runs.push([j0, folded(to), n32]);
                    }
                    // Plug c + 1 is itself one of the `(` left open; the
                    // run's done slots are consecutive, as the groups' are.
                    None => {
                        let r = open_above(lo, self.c + 1, mr.lo_plugs) as usize;
                        if plan.alone.len() < r {
                            plan.alone.resize(r, Vec::new());
                        }
                        plan.alone[r - 1].push([j0, folded(lo & !(15 << sh0)), n32]);
                    }
                },
                10 => {
                    for (i, &lo) in list[j..j + n].iter().enumerate() {
                        let lo = u64::from(lo);
                        let p = partner_left(lo, self.c);
                        let to = (lo & !(15 << sh0) & !(3 << (2 * p))) | (2 << (2 * p));
                        plan.joins.push([j0 + i as u32, folded(to)]);
                    }
                }
                _ => {}
            }
            j += n;
        }
        plan
    }

    /// The straddling point's plan for the lists of `k` open.
    fn straddle_plan(&self, t: &Tables, k: usize) -> Straddle {
        let mr = &t.main;
        let top = 2 * self.c;
        let list = &mr.lo_lists[k];
        let mut plan = Straddle::default();
        for x in 0..3u32 {
            let start = list.partition_point(|&lo| lo >> top < x);
            let end = list.partition_point(|&lo| lo >> top <= x);
            plan.run[x as usize] = [start as u32, (end - start) as u32];
        }
        // The first prefix of each run, ending otherwise (an empty run's
        // targets are never read).
        let first = |x: usize| list.get(plan.run[x][0] as usize).map(|&lo| u64::from(lo) & !(3 << top));
        let index = |lo: Option<u64>, y: u64, open: usize| match lo {
            Some(lo) if mr.lo_open(lo | (y << top)) as usize == open => mr.lo_index(lo | (y << top)),
            _ => NONE,
        };
        plan.zero_to = [index(first(0), 1, k + 1), index(first(0), 2, k.wrapping_sub(1))];
        plan.end_to = [index(first(1), 0, k.wrapping_sub(1)), index(first(2), 0, k + 1)];
        let [start, n] = plan.run[2];
        for j in start..start + n {
            let lo = u64::from(list[j as usize]);
            let p = partner_left(lo, self.c);
            let to = (lo & !(3 << top) & !(3 << (2 * p))) | (2 << (2 * p));
            plan.joins.push([j, mr.lo_index(to)]);
        }
        plan
    }

    /// The block of high half `hi` at the straddling point: an anchor block
    /// (its first plug empty) makes its groups, whose other slots lie in
    /// the blocks with first plug `(` and `)`; a block with first plug `(`
    /// (`)`) makes the joins `((` (`))`) of its low halves ending so. The
    /// done slots lie in the done block of `hi` without its first plug, at
    /// the index of their low half (the same split).
    #[allow(clippy::too_many_arguments, reason = "the tables, the ring, the plans and the block")]
    #[inline(always)]
    fn straddle<R: Ring>(
        &self,
        t: &Tables,
        s: Slots,
        ring: R,
        plans: &[Straddle],
        hi: u64,
        base: usize,
        crossing: bool,
    ) {
        let mr = &t.main;
        let k = mr.hi_close(hi) as usize;
        let plan = &plans[k];
        let block = |h: u64| Some(mr.hi_base(h)).filter(|&b| b != u32::MAX).map(|b| b as usize);
        match hi & 3 {
            0 => {
                let bd = t.high_base(hi >> 2);
                let [j, n] = plan.run[0];
                if n > 0 {
                    // `()` always exists beside `00`; `)(` when k > 0.
                    let b12 = block(hi | 2).expect("a `()` beside every `00`");
                    let r21 = match (block(hi | 1), plan.zero_to[1]) {
                        (Some(b), j21) if j21 != NONE => b + j21 as usize,
                        _ => NONE as usize,
                    };
                    let at = [base + j as usize, b12 + plan.zero_to[0] as usize, r21, bd + j as usize];
                    self.zeros(s, ring, at, n as usize);
                }
                for (x, end) in [(1u64, 0usize), (2, 1)] {
                    let [j, n] = plan.run[x as usize];
                    if n > 0 {
                        let b0x = block(hi | x).expect("a `0x` beside every `x0`");
                        let at = [base + j as usize, b0x + plan.end_to[end] as usize, bd + j as usize];
                        self.ones(s, ring, at, n as usize);
                    }
                }
            }
            1 if crossing => self.straddle_joins(t, s, ring, plan, hi, base, Share::ALL),
            2 => {
                let bd = t.high_base(hi >> 2);
                for &[j, jd] in &plan.joins {
                    self.join(s, ring, base + j as usize, bd + jd as usize, 1);
                }
            }
            _ => {}
        }
    }

    /// The joins `((` of block `hi` (first plug `(`) at the straddling
    /// point: the partner of the high half's first `(` becomes `(`, in
    /// another anchor's done block (if it is `share`'s).
    #[allow(clippy::too_many_arguments, reason = "the tables, the ring, the plan, the block and the share")]
    fn straddle_joins<R: Ring>(
        &self,
        t: &Tables,
        s: Slots,
        ring: R,
        plan: &Straddle,
        hi: u64,
        base: usize,
        share: Share,
    ) {
        let [j, n] = plan.run[1];
        if n > 0 {
            let q = partner_right(hi, 0);
            let to = (hi & !3 & !(3 << (2 * q))) | (1 << (2 * q));
            let bd = t.high_base(to >> 2);
            if !share.whole() && !share.takes(bd, s.done_len) {
                return;
            }
            self.join(s, ring, base + j as usize, bd + plan.end_to[0] as usize, n as usize);
        }
    }

    /// `n` groups `00`: from slot `at[0]` of `00`, `at[1]` of `()`, `at[2]`
    /// of `)(` (NONE: none exists) and done slot `at[3]` of done-then-`0`
    /// on, one slot further each (closings already counted).
    #[inline(always)]
    fn zeros<R: Ring>(&self, s: Slots, ring: R, at: [usize; 4], n: usize) {
        let [r, r12, r21, d] = at;
        let has21 = r21 != NONE as usize;
        assert!(r + n <= s.main_len && r12 + n <= s.main_len && (!has21 || r21 + n <= s.main_len));
        assert!(d + n <= s.done_len);
        let (m, dn) = (s.main, s.done);
        for i in 0..n {
            // SAFETY: every index below is in bounds (asserted above), and
            // this share's (see `Share`); each slot's old count is read
            // before any is written.
            unsafe {
                let (v00, v12, vd) = (*m.add(r + i), *m.add(r12 + i), *dn.add(d + i));
                let v21 = if has21 { *m.add(r21 + i) } else { 0 };
                if v00 | v12 | v21 | vd == 0 {
                    // Zeros in, zeros out: nothing written, pages of zeros untouched.
                    continue;
                }
                *m.add(r + i) = ring.add(if self.all { v00 } else { 0 }, vd);
                *m.add(r12 + i) = if self.can_down { ring.add(v00, v12) } else { 0 };
                if has21 {
                    *m.add(r21 + i) = if self.can_down { v21 } else { 0 };
                }
                *dn.add(d + i) = v21;
            }
        }
    }

    /// `n` groups `x0`: from slot `at[0]` of `x0`, `at[1]` of `0x` and done
    /// slot `at[2]` of done-then-`x` on.
    #[inline(always)]
    fn ones<R: Ring>(&self, s: Slots, ring: R, at: [usize; 3], n: usize) {
        let [r, r0x, d] = at;
        assert!(r + n <= s.main_len && r0x + n <= s.main_len && d + n <= s.done_len);
        let (m, dn) = (s.main, s.done);
        for i in 0..n {
            // SAFETY: in bounds (asserted above) and this share's; reads
            // before writes.
            unsafe {
                let (vx0, v0x, vd) = (*m.add(r + i), *m.add(r0x + i), *dn.add(d + i));
                if vx0 | v0x | vd == 0 {
                    continue;
                }
                *m.add(r + i) = if self.can_down { vx0 } else { 0 };
                *m.add(r0x + i) = ring.add(ring.add(if self.all { v0x } else { 0 }, vd), vx0);
                *dn.add(d + i) = if self.can_down { v0x } else { 0 };
            }
        }
    }

    /// `n` join sources from slot `r` on (pair `((` or `))`) going right:
    /// their counts add into the done slots from `d` on.
    #[inline(always)]
    fn join<R: Ring>(&self, s: Slots, ring: R, r: usize, d: usize, n: usize) {
        assert!(r + n <= s.main_len && d + n <= s.done_len);
        for i in 0..n {
            // SAFETY: in bounds (asserted above) and this share's (or the
            // crossing joins', made by one thread alone).
            unsafe {
                let v = s.main.add(r + i);
                if *v != 0 {
                    let to = s.done.add(d + i);
                    *to = ring.add(*to, *v);
                    if !self.can_down {
                        *v = 0;
                    }
                }
            }
        }
    }
}

/// The count, exact, by the folded frontier (tests only).
#[cfg(test)]
pub fn exact(rows: usize, cols: usize, kind: Cycles, threads: usize) -> super::bignum::Nat {
    count(rows, cols, kind, usize::MAX, threads, &mut Stop::never()).unwrap().unwrap().count
}

/// The count by the table of `W + 1` plugs, exact in big numbers with no
/// moduli and no bound: the oracle of this module's tests.
#[cfg(test)]
fn table_count(rows: usize, cols: usize, kind: Cycles) -> super::bignum::Nat {
    let mode = super::grid::Mode::Exact;
    super::grid::count_with(rows, cols, kind, None, usize::MAX, 1, mode, &mut Stop::never()).unwrap().unwrap().count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folded_counts_match_the_table_of_w_plus_one_plugs() {
        let mut cases: Vec<(usize, usize)> = (2..9).flat_map(|r| (2..9).map(move |c| (r, c))).collect();
        cases.extend([(10, 10), (11, 13), (14, 9), (12, 12), (3, 40)]);
        {
            for (rows, cols) in cases {
                for kind in [Cycles::All, Cycles::Hamiltonian] {
                    let want = table_count(rows, cols, kind);
                    // One thread; two and three: passes side by side and
                    // the rest split across them ([`Share`]).
                    for threads in [1, 2, 3] {
                        assert_eq!(
                            exact(rows, cols, kind, threads),
                            want,
                            "{kind:?} {rows} x {cols}, {threads} threads"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn three_recorded_passes_give_the_count_on_any_number_of_threads() {
        // All cycles of 15 x 14 points: three passes record (the count
        // likely needs them), so two threads make two side by side and
        // split the first; three make all three side by side.
        assert_eq!(halves::recorded_passes(15, 14, Cycles::All, usize::MAX), Some(3));
        let one = exact(15, 14, Cycles::All, 1);
        for threads in [2, 3, 4] {
            assert_eq!(exact(15, 14, Cycles::All, threads), one, "{threads} threads");
        }
        // The split pass and the shares of the pass by cache lines: a
        // split alone (one table set fits), on two and three threads.
        let split = |threads| {
            let slots = Tables::new(14, usize::MAX).map(|t| t.main.len + t.done_len).unwrap();
            count(15, 14, Cycles::All, slots + slots / 2, threads, &mut Stop::never()).unwrap().unwrap().count
        };
        assert_eq!(split(2), one);
        assert_eq!(split(3), one);
    }

    #[test]
    fn the_queue_gives_the_count_whatever_the_guess() {
        // The halves' bound queued on a guess of one modulus (too few: the
        // rest run after the queue), of two, or not at all; workers side by
        // side, or one whose passes are split; the count is the same.
        for (rows, cols) in [(6, 6), (7, 10), (9, 9)] {
            let (height, width) = (rows.max(cols), rows.min(cols));
            let tables = Tables::new(width, usize::MAX).unwrap();
            for kind in [Cycles::All, Cycles::Hamiltonian] {
                let want = table_count(rows, cols, kind);
                let grid = Grid { tables: &tables, height, width, kind };
                // Or every pass queued at once, recording the halves: the
                // fewest that read them exactly, and one more.
                let fewest = halves::exact_passes(height, width);
                let plans = [Some(1), Some(2), None]
                    .map(|g| (g, None))
                    .into_iter()
                    .chain([(None, Some(fewest)), (None, Some(fewest + 1))]);
                for (guess, recorded) in plans {
                    for (threads, side) in [(1, 1), (2, 2), (3, 3), (2, 1), (3, 2)] {
                        let (moduli, got) =
                            scheduled(grid, threads, side, &|_| guess, recorded, &mut Stop::never()).unwrap().unwrap();
                        assert_eq!(
                            residue::crt(&moduli, &got),
                            want,
                            "{kind:?} {rows} x {cols}, guess {guess:?}, recorded {recorded:?}, {threads} threads, \
                             {side} side by side"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_split_pass_equals_one_thread_on_every_modulus() {
        // Each pass alone, split across 2 to 5 workers (blocks taken in
        // turn, parts of blocks, anchors' keys), against the same pass on
        // one thread: wide enough that every share has blocks of each kind.
        for (rows, cols) in [(9, 9), (7, 12), (13, 10)] {
            let tables = Tables::new(rows.min(cols), usize::MAX).unwrap();
            for kind in [Cycles::All, Cycles::Hamiltonian] {
                let grid = Grid { tables: &tables, height: rows.max(cols), width: rows.min(cols), kind };
                for m in [0, residue::moduli(200, 64)[1]] {
                    let one = pass_mod(grid, m, 1, &mut || false).unwrap();
                    for workers in 2..=5 {
                        let split = pass_mod(grid, m, workers, &mut || false).unwrap();
                        assert_eq!(split, one, "{kind:?} {rows} x {cols} mod {m}, {workers} workers");
                    }
                }
            }
        }
    }

    #[test]
    fn the_crossing_joins_write_where_the_states_say() {
        // Each crossing join's target slot, made by block from the plans and
        // `Tables::flips`, against the one its state gives (its far end
        // re-marked, the pair emptied, ranked); and the share key of a
        // low-half one is its target's high half.
        let mut checked = [0, 0];
        for width in [7, 10, 13] {
            let t = Tables::new(width, usize::MAX).unwrap();
            let l = t.main.lo_plugs;
            let target = |st: u64, c: u32, q: u32, mark: u64| {
                let to = (st & !(15 << (2 * c)) & !(3 << (2 * q))) | (mark << (2 * q));
                let d = without(to, c + 1);
                t.high_base(d >> (2 * l)) + t.main.lo_index(d & ((1 << (2 * l)) - 1)) as usize
            };
            for c in 0..width as u32 - 1 {
                let point = Point { c, can_down: true, all: true };
                for &(hi, _) in &t.main.hi_list {
                    let hi = u64::from(hi);
                    let k = t.main.hi_close(hi) as usize;
                    let lo_of = |j: usize| u64::from(t.main.lo_lists[k][j]);
                    if c + 1 < l {
                        let plan = point.plan(&t, k);
                        let runs = (1..).zip(&plan.alone).flat_map(|(r, runs)| runs.iter().map(move |&x| (r, x)));
                        for (r, [j0, jd, n]) in runs {
                            for i in 0..n {
                                let st = (hi << (2 * l)) | lo_of((j0 + i) as usize);
                                let q = partner_right(st, c + 1);
                                let to = (st & !(15 << (2 * c)) & !(3 << (2 * q))) | (1 << (2 * q));
                                assert_eq!(to >> (2 * l), reopen(hi, r), "width {width}, point {c}, state {st:b}");
                                let slot = t.low.hi_base(reopen(hi, r)) as usize + (jd + i) as usize;
                                assert_eq!(
                                    slot,
                                    t.low.rank(without(to, c + 1)),
                                    "width {width}, point {c}, state {st:b}"
                                );
                                checked[0] += 1;
                            }
                        }
                    } else if c >= l {
                        let ch = c - l;
                        if (hi >> (2 * ch)) & 15 != 10 || partner_left_from(hi, ch, 0).is_some() {
                            continue;
                        }
                        let r = unmatched_closes(hi, ch) + 1;
                        let bd = t.high_base(without(hi & !(15 << (2 * ch)), ch + 1));
                        for (j, &d) in t.flips[k][r as usize - 1].iter().enumerate() {
                            let st = (hi << (2 * l)) | lo_of(j);
                            let want = target(st, c, partner_left(st, c), 2);
                            assert_eq!(bd + d as usize, want, "width {width}, point {c}, state {st:b}");
                            checked[1] += 1;
                        }
                    }
                }
            }
        }
        assert!(checked.iter().all(|&n| n > 1000), "{checked:?}");
    }

    #[test]
    fn a_stop_ends_the_passes_on_one_thread_and_on_several() {
        // Asked from 100 ms on: past the bound's sweep, inside the passes
        // (16 x 16 points, all cycles: four passes of about 0.4 s each).
        for threads in [1, 2] {
            let start = std::time::Instant::now();
            let late = move || start.elapsed() > std::time::Duration::from_millis(100);
            let mut stop = Stop::new(&late);
            let got = count(16, 16, Cycles::All, usize::MAX, threads, &mut stop);
            assert!(matches!(got, Err(Error::Interrupted)), "{threads} threads");
            assert!(start.elapsed() < std::time::Duration::from_secs(1), "{threads} threads: {:?}", start.elapsed());
        }
        // One pass split across two workers: the calling thread asks at
        // every point, and every worker leaves at the same meeting.
        let tables = Tables::new(16, usize::MAX).unwrap();
        let grid = Grid { tables: &tables, height: 16, width: 16, kind: Cycles::All };
        let start = std::time::Instant::now();
        let got = pass_mod(grid, 0, 2, &mut || start.elapsed() > std::time::Duration::from_millis(50));
        assert!(matches!(got, Err(Error::Interrupted)));
        assert!(start.elapsed() < std::time::Duration::from_millis(500), "{:?}", start.elapsed());
    }
}
