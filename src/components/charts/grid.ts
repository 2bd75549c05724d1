/**
 * For `<CartesianGrid vertical={false} verticalCoordinatesGenerator={noVerticalLines}>`. recharts
 * 3 computes the vertical lines' positions even when they are not drawn, laying out a candidate
 * tick label for every point on the x axis (1,600 on a decimated time series, a third of the
 * chart's render time); this generator answers "none" at once.
 */
export const noVerticalLines = (): number[] => [];
