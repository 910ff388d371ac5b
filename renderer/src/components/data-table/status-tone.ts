/** The colour a provider status reads in (a badge's tone): good, waiting, bad, or over and done with. */
export type Tone = 'ok' | 'warn' | 'danger' | 'muted' | 'info';

const TONES: Record<string, Tone> = {
  active: 'ok',
  paid: 'ok',
  open: 'info',
  answered: 'ok',
  published: 'ok',
  completed: 'ok',
  pending: 'warn',
  'pending transfer': 'warn',
  'pending registration': 'warn',
  unpaid: 'warn',
  'customer-reply': 'warn',
  'in progress': 'info',
  'on hold': 'warn',
  grace: 'warn',
  redemption: 'danger',
  draft: 'muted',
  suspended: 'danger',
  fraud: 'danger',
  expired: 'danger',
  overdue: 'danger',
  collections: 'danger',
  cancelled: 'muted',
  terminated: 'muted',
  closed: 'muted',
  refunded: 'muted',
  'transferred away': 'muted',
};

/** The statuses the app knows (lower case): each has a tone here and words in lists.words.status. */
export const KNOWN_STATUSES = Object.keys(TONES);

export function statusTone(status: string): Tone {
  return TONES[status.trim().toLowerCase()] ?? 'info';
}
