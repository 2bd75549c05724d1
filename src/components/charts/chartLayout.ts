/** The plot area inside a chart's SVG, in CSS px. */
export interface PlotBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** What surrounds the plot: margins, the y axes' label columns, the x axis' row, a zoom bar. */
export interface Frame {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export const Y_AXIS_WIDTH = 72;
export const X_AXIS_HEIGHT = 30;
export const TICK_LENGTH = 6;
export const FONT_SIZE = 11;

/** The plot's box in a `width` × `height` SVG with `frame` around it (never less than 1 px). */
export function plotBox(width: number, height: number, frame: Frame): PlotBox {
  return {
    left: frame.left,
    top: frame.top,
    width: Math.max(1, width - frame.left - frame.right),
    height: Math.max(1, height - frame.top - frame.bottom),
  };
}
