/**
 * What the dashboard shows that the mirror computes with SQL (data.dashboard): counts by status, the domain
 * expiry radar, tickets awaiting the user, payments per month and the latest announcements. Plain types only.
 */

/** How many records have one status. */
export interface StatusCount {
  status: string;
  count: number;
}

/**
 * One bucket of the domain expiry radar: its count and the domains list filters that show exactly those
 * domains (the same filters data.list takes), so a front end can link to them.
 */
export interface ExpiryBucket {
  key: 'expired' | 'grace' | 'within30' | 'within60' | 'within90';
  count: number;
  filters: Record<string, string | number>;
}

/** A ticket as the dashboard lists it. */
export interface TicketBrief {
  id: number;
  tid: string;
  subject: string;
  status: string;
  priority: string;
  lastReply: string | null;
}

export interface AnnouncementBrief {
  id: number;
  title: string;
  date: string | null;
}

/** Payments in one calendar month (transaction dates), money in integer cents. */
export interface MonthlyPayments {
  /** `YYYY-mm`. */
  month: string;
  inCents: number;
  outCents: number;
  count: number;
}

export interface DashboardData {
  /** The day the buckets were counted from (`YYYY-mm-dd`, the engine's calendar). */
  today: string;
  services: StatusCount[];
  domains: StatusCount[];
  tickets: StatusCount[];
  /** Tickets not closed (any status but Closed). */
  openTickets: number;
  expiry: ExpiryBucket[];
  /** Tickets whose last word is the provider's (status Answered), newest reply first. */
  awaitingYou: { count: number; latest: TicketBrief[] };
  /** The last 24 calendar months, oldest first, months without payments as zeros. */
  payments: MonthlyPayments[];
  /** Published announcements, newest first. */
  announcements: AnnouncementBrief[];
}

/** The ticket status that means the provider answered and the user is expected to reply. */
export const AWAITING_YOU_STATUS = 'Answered';
/** The one ticket status that is not open. */
export const CLOSED_TICKET_STATUS = 'Closed';
export const PAYMENT_MONTHS = 24;
