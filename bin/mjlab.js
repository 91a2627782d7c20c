#!/usr/bin/env node
// Thin shim: the CLI is compiled to dist/ by `npm ci` (the prepare script), which also bundles it; the bundle when
// it is fresh and nothing on the command line may be a strategy module, else the modules (src/worker-script.ts).
// The program is the library's CLI (dist/src/) with the lab's experiments (dist/experiments/), which the library
// does not import: `mjlab experiment` loads them through the function passed here (docs/architecture.md).
const argv = process.argv.slice(2);
const lab = () => import('../dist/experiments/index.js').then((x) => x.LAB);
import('../dist/src/worker-script.js')
  .then((w) => import(w.cliScript(argv).href))
  .then((m) => m.main(argv, lab));
