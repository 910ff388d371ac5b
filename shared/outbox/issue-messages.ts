/**
 * The engine's words for a value that does not fit a field, each with a key the renderer translates
 * (`forms.issues.<key>` in both languages): schemas.ts writes them from here, and issueKey finds the key of a
 * message an issue carries. Messages only a programmer meets (a map's keys, unknown fields) are not here.
 */
export const ISSUE_MESSAGES = {
  required: 'is required',
  text: 'must be text',
  notEmpty: 'must not be empty',
  trueOrFalse: 'must be true or false',
  wholeNumber: 'must be a whole number',
  aboveZero: 'must be above 0',
  recordId: 'must be an id (a whole number above 0) or a local id such as local:7',
  email: 'must be an e-mail address',
  country: 'must be a 2-letter ISO country code',
  date: 'must be a date YYYY-mm-dd',
  dateWritten: 'must be a date written YYYY-mm-dd',
  realDate: 'must be a real calendar date',
  money: 'must be an amount with at most two decimals, e.g. 12.50',
  percentage: 'must be a percentage',
  atLeastZero: 'must be at least 0',
  atMost100: 'must be at most 100',
  fileName: 'must be a file name without /, \\ or |',
  contactNamed: 'give at least a first name, last name, company name or e-mail',
  priority: 'must be Low, Medium or High',
  nothingToChange: 'nothing to change: give at least one field besides contactid',
  // A row of a CSV file of contacts (desk/imports.ts).
  emailToFind: 'is needed to find the contact to update',
  noContactWithEmail: 'no contact has this e-mail',
  manyContactsWithEmail: 'several contacts have this e-mail: update them one by one',
  moreCells: 'has more cells than the header has columns',
  taxIdOnAdd: 'is sent only with a new contact: the provider takes no change of it',
  notBlanked: 'cannot be cleared: the provider takes an empty value as "not given" and keeps what it holds',
} as const;

export type IssueKey = keyof typeof ISSUE_MESSAGES;

const KEYS = new Map(Object.entries(ISSUE_MESSAGES).map(([key, message]) => [message as string, key as IssueKey]));

/** The key of an engine message, or null for one that has none (the provider's words, a programmer's). */
export const issueKey = (message: string): IssueKey | null => KEYS.get(message) ?? null;
