/**
 * Hands a fetched file to the browser as a download under `name`. Files are fetched rather than linked so the
 * call carries the token and the client's error handling; this is the one place that turns the answer into a
 * saved file.
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the blob URL goes away.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
