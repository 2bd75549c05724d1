/**
 * A latitude or longitude to four decimals (about 11 m): the precision of a map view, a click and
 * a coordinate in a link, so a view the map reports back equals the one it was given and a link
 * does not carry noise digits.
 */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}
