/** "Line 3", or "Lines 3, 7" for lines merged into one. */
export const lineLabel = (lines: readonly number[]) =>
  lines.length > 1 ? `Lines ${lines.join(', ')}` : `Line ${lines[0]}`;
