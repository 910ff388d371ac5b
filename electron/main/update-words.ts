/** Why an update could not be found, downloaded or installed, in words (electron-updater's errors carry a code). */
export function updateFailureWords(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ERR_CHECKSUM_MISMATCH' || /checksum mismatch/i.test(message)) {
    return 'The download did not match the checksum its update feed gave, so it was discarded and nothing was installed.';
  }
  if (code === 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND' || /\b404\b/.test(message)) return 'The update feed has no release for this system.';
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|net::ERR_/.test(message)) return 'The update server could not be reached. The app will try again later.';
  if (code === 'ERR_UPDATER_INVALID_SIGNATURE') return 'The download was not signed by the app’s publisher, so it was discarded and nothing was installed.';
  return `The update failed: ${message.split('\n')[0]}`;
}
