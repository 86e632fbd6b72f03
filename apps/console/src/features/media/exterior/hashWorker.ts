import { sha256OfBlob } from './sha256.ts';

/** Hashes the file it is given off the page's thread, a slice at a time, and answers its SHA-256 (or null). */
self.onmessage = async (event: MessageEvent<Blob>) => {
  try {
    self.postMessage(await sha256OfBlob(event.data));
  } catch {
    self.postMessage(null);
  }
};
