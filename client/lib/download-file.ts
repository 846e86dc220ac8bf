import { adminHeaders, clearAdminSession } from './admin-session';
import { ApiError, NetworkError } from './api-client';

/** The file name an answer's Content-Disposition gives, or `fallback`. */
export function attachmentName(contentDisposition: string | null, fallback: string): string {
  const name = /filename="?([^";]+)"?/i.exec(contentDisposition ?? '')?.[1];
  return name?.trim() || fallback;
}

/**
 * Saves a file the server answers as an attachment (a data export), as the browser's own download would, but with
 * the credentials a link cannot carry: the admin headers (docs/product.md#roles). A refusal throws the same ApiError
 * as any other call, so the screen that asked can say what went wrong. Answers the name the file was saved under.
 */
export async function downloadFile(url: string, options: { admin?: boolean; fallbackName: string }): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include', headers: options.admin ? adminHeaders() : {} });
  } catch (error) {
    if (error instanceof TypeError) throw new NetworkError();
    throw error;
  }
  if (!response.ok) {
    // As for any call: an admin token the server no longer accepts is dropped, so the admin form shows again.
    if (response.status === 401 && options.admin) clearAdminSession();
    const body = await response.text().catch(() => '');
    throw new ApiError(response.status, body, response.statusText);
  }
  const name = attachmentName(response.headers.get('content-disposition'), options.fallbackName);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(href), 0);
  return name;
}
