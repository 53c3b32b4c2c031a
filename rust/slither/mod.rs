//! Slitherlink on any R x C board: a trail-based propagator with the standard
//! deductions, a uniqueness-proving search and a grade.
