const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A file size as the buyer reads it: 820 KB, 4.2 MB (1 KB = 1,024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
}
