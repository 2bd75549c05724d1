/** The instant every test runs at: a July afternoon, when ERCOT load peaks and prices spike. */
export const TEST_NOW = Date.UTC(2025, 6, 15, 20, 0, 0);
