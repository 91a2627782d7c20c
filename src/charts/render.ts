/**
 * Vega-Lite → SVG, rendered in Node without a browser or canvas (issue 6: "SVG charts rendered in Node with
 * vega-lite"). Fonts are left to the viewer: the SVG names a generic family.
 */
import { compile, type TopLevelSpec } from 'vega-lite';
import { View, parse } from 'vega';

export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const vg = compile(spec).spec;
  const view = new View(parse(vg), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
