import type { ErrorCode } from '../../common/error-codes';

/**
 * A refusal the caller should see: the error plugin answers `{message, code, ...details}` with this status.
 * The message is for people; the code (common/error-codes.ts) is what a program branches on.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: ErrorCode,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code: ErrorCode, details?: Record<string, unknown>) =>
  new AppError(400, message, code, details);
export const unauthorized = (message = 'Authentication required', code: ErrorCode = 'unauthenticated') =>
  new AppError(401, message, code);
export const forbidden = (message: string, code: ErrorCode) => new AppError(403, message, code);
export const notFound = (message: string, code: ErrorCode) => new AppError(404, message, code);
export const conflict = (message: string, code: ErrorCode, details?: Record<string, unknown>) =>
  new AppError(409, message, code, details);
