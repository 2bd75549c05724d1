/** Resampling frequencies as the builder writes them (`15minute`, `1hour`): parse and format. */
import type { Frequency, ResampleUnit } from '@/contract';
import { RESAMPLE_UNIT_INFO } from '@/lib/queryDescription';

/** `<n><unit>` in the units' wire spellings, n up to 9999: the frequencies the builder writes. */
export const FREQUENCY = new RegExp(
  `^([1-9]\\d{0,3})(${Object.values(RESAMPLE_UNIT_INFO)
    .map((u) => u.wire)
    .join('|')})$`,
);

export function parseFrequency(text: string): Frequency | null {
  const m = FREQUENCY.exec(text);
  if (!m?.[1] || !m[2]) return null;
  const wire = m[2];
  const unit = (Object.keys(RESAMPLE_UNIT_INFO) as ResampleUnit[]).find(
    (u) => RESAMPLE_UNIT_INFO[u].wire === wire,
  );
  return unit ? { count: Number(m[1]), unit } : null;
}

export function formatFrequency(count: number, unit: ResampleUnit): string {
  return `${count}${RESAMPLE_UNIT_INFO[unit].wire}`;
}
