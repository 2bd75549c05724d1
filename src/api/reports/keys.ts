export const reportKeys = {
  all: ['reports'] as const,
  dailyPeaks: () => [...reportKeys.all, 'daily_peak'] as const,
  dailyPeak: (iso: string, date?: string) => [...reportKeys.dailyPeaks(), iso, date ?? null] as const,
};
