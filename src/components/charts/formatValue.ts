let numberFormat: Intl.NumberFormat | undefined;

/** A value as `toLocaleString('en-US')` writes it, without making a formatter for every label. */
export const defaultFormatValue = (v: number): string =>
  (numberFormat ??= new Intl.NumberFormat('en-US')).format(v);
