/**
 * Vega-Lite → SVG, rendered in Node without a browser or canvas (the experiments'
 * charts, with vega-lite). Fonts are left to the viewer: the SVG names a generic family. vega and vega-lite (about 700 modules,
 * most of a second of CPU to load) are loaded by the first chart, not by every command that can draw one: a tune, a
 * train or an experiment refused for bad input, or stopped before its charts, never pays for them (docs/performance.md, "A command's start").
 */
import type { TopLevelSpec } from 'vega-lite';

export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const [{ compile }, { View, parse }] = await Promise.all([import('vega-lite'), import('vega')]);
  const vg = compile(spec).spec;
  const view = new View(parse(vg), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
