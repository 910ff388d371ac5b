export { ACCOUNT_SECRETS, CLIENT_SECRET_SECRET, PASSWORD_SECRET, PROXY_PASSWORD_SECRET, ResellerClient, type ClientConnection, type ClientOptions } from './client.js';
export type { AttachmentBytes, ConfigOptionChoices, CustomFieldValues, DomainFieldValues, InvoiceItem } from './encoders.js';
export { ApiError, isApiError, type ApiErrorKind } from './errors.js';
export { OPERATIONS, type OperationName } from './operations.js';
export { fetchAll, type FetchAllOptions, type PageFetcher } from './paging.js';
export type * from './params.js';
export { DEFAULT_RETRY, type RetryNotice, type RetryPolicy } from './retry.js';
export { REFRESH_TOKEN_SECRET, Session, type SessionState, type SessionStatus } from './session.js';
