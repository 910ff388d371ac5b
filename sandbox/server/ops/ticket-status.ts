/** Ticket status groups shared by the ticket list filters and the department counts. */

/** Statuses waiting for the provider's answer: the 'Awaiting Reply' filter and `awaitingreply` count. */
export const AWAITING_REPLY_SQL = "status IN ('Open', 'Customer-Reply')";

/** Statuses of tickets not yet closed: the 'All Active Tickets' filter and `opentickets` count. */
export const ACTIVE_SQL = "status != 'Closed'";
