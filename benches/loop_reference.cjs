'use strict';
// Runs the Loop engine v1 reference on a workload and times it (for bench_loop.py).
// Usage: node loop_reference.cjs REFERENCE_ENGINE.cjs < workload.json
// workload: {"generate": [[n, seed], ...], "solve": [{n, clues, node_limit}, ...], "repeat": k}
const ref = require(process.argv[2]);
const work = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const now = () => Number(process.hrtime.bigint()) / 1e9;

let t = now();
const generated = work.generate.map(([n, seed]) => ref.generate(n, seed));
const generateSeconds = now() - t;

t = now();
let solved;
for (let k = 0; k < work.repeat; k++) {
  solved = work.solve.map((v) => {
    const r = ref.solve(v.clues, v.n, v.node_limit);
    return { solutions: r.solutions, nodes: r.nodes, truncated: r.truncated };
  });
}
const solveSeconds = (now() - t) / work.repeat;
process.stdout.write(JSON.stringify({ generateSeconds, solveSeconds, generated, solved }));
