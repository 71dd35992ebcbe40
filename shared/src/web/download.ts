/**
 * Saves a file on the device: the one way both apps download (a CSV export, the account's data,
 * a team-only session's .ics). The bytes come from the API client's `apiCall.file` /
 * `apiCall.fileAt` (`api-client.ts`: the app's token, its 401 handling, the error envelope's
 * message on failure) or are built in the page.
 */
export function downloadFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after `click` returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
