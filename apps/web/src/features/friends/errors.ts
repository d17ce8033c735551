import { SESSION_CODES } from '@parley/protocol';
import { errorTextOf } from '../../lib/error-text';
import { ApiError, handleApiError, notifyError } from '../../lib/http';

/**
 * For calls made `silent`: a session error still ends the session; anything else shows the catalogue
 * text of this action (e.g. '修改备注失败，请重试') instead of the server message.
 */
export function failToast(err: unknown, text: string): void {
  if (err instanceof ApiError && (SESSION_CODES.includes(err.code) || err.code === 401)) {
    handleApiError(err);
    return;
  }
  notifyError(text);
}

/** For silent calls whose server message is the best explanation (apply refused, search miss). */
export function errorText(err: unknown, fallback: string): string {
  return errorTextOf(err, fallback);
}

export function isSessionError(err: unknown): boolean {
  return err instanceof ApiError && (SESSION_CODES.includes(err.code) || err.code === 401);
}
