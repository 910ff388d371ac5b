/**
 * v1: one table per resource (the record's JSON, its content hash, and real columns for what lists filter,
 * sort and search), child tables for nested lists, sync state, answer caches, local invoices.
 *
 * Every resource table has `id`, `json` (the normalized record), `hash` (of that JSON: a snapshot rewrites a
 * row only when it changed) and `written_at` (when the row last changed). Text columns that lists sort by
 * compare case-insensitively. Money is kept in integer cents for sorting. Every sortable column has an index on
 * (column, id) for keyset paging, and every filtered column an index, so a page and its total count never scan
 * the table.
 */
import type { Database } from 'better-sqlite3';

const ROW = 'id INTEGER PRIMARY KEY, json TEXT NOT NULL, hash TEXT NOT NULL, written_at TEXT NOT NULL';

export function createResourceTables(db: Database): void {
  db.exec(/* sql */ `
    CREATE TABLE services (
      ${ROW},
      name TEXT COLLATE NOCASE NOT NULL, domain TEXT COLLATE NOCASE NOT NULL, username TEXT NOT NULL,
      status TEXT NOT NULL, pid INTEGER, billing_cycle TEXT NOT NULL,
      reg_date TEXT, next_due_date TEXT, recurring_cents INTEGER
    );
    CREATE INDEX services_name ON services(name, id);
    CREATE INDEX services_domain ON services(domain, id);
    CREATE INDEX services_status ON services(status, id);
    CREATE INDEX services_reg_date ON services(reg_date, id);
    CREATE INDEX services_next_due_date ON services(next_due_date, id);
    CREATE INDEX services_recurring ON services(recurring_cents, id);
    CREATE INDEX services_pid ON services(pid);
    CREATE INDEX services_billing_cycle ON services(billing_cycle);
    CREATE TABLE service_custom_fields (
      parent_id INTEGER NOT NULL, id INTEGER NOT NULL, name TEXT, value TEXT NOT NULL, PRIMARY KEY (parent_id, id)
    );
    CREATE TABLE service_config_options (
      parent_id INTEGER NOT NULL, id INTEGER NOT NULL, option TEXT NOT NULL, type TEXT NOT NULL, value TEXT NOT NULL,
      PRIMARY KEY (parent_id, id)
    );

    CREATE TABLE domains (
      ${ROW},
      domain_name TEXT COLLATE NOCASE NOT NULL, status TEXT NOT NULL, registrar TEXT NOT NULL, reg_type TEXT NOT NULL,
      reg_date TEXT, expiry_date TEXT, next_due_date TEXT, recurring_cents INTEGER, do_not_renew INTEGER NOT NULL
    );
    CREATE INDEX domains_name ON domains(domain_name, id);
    CREATE INDEX domains_status ON domains(status, id);
    CREATE INDEX domains_reg_date ON domains(reg_date, id);
    CREATE INDEX domains_expiry_date ON domains(expiry_date, id);
    CREATE INDEX domains_next_due_date ON domains(next_due_date, id);
    CREATE INDEX domains_recurring ON domains(recurring_cents, id);
    CREATE INDEX domains_registrar ON domains(registrar);
    CREATE INDEX domains_reg_type ON domains(reg_type);
    CREATE INDEX domains_do_not_renew ON domains(do_not_renew);

    CREATE TABLE orders (
      ${ROW},
      order_num TEXT NOT NULL, date TEXT, status TEXT NOT NULL, payment_status TEXT NOT NULL,
      amount_cents INTEGER, invoice_id INTEGER
    );
    CREATE INDEX orders_order_num ON orders(order_num, id);
    CREATE INDEX orders_date ON orders(date, id);
    CREATE INDEX orders_status ON orders(status, id);
    CREATE INDEX orders_payment_status ON orders(payment_status, id);
    CREATE INDEX orders_amount ON orders(amount_cents, id);
    CREATE INDEX orders_invoice ON orders(invoice_id);
    CREATE TABLE order_line_items (
      parent_id INTEGER NOT NULL, seq INTEGER NOT NULL, type TEXT NOT NULL, rel_id INTEGER, product_type TEXT NOT NULL,
      product TEXT NOT NULL, domain TEXT COLLATE NOCASE NOT NULL, billing_cycle TEXT NOT NULL, amount TEXT NOT NULL,
      status TEXT NOT NULL,
      PRIMARY KEY (parent_id, seq)
    );
    CREATE INDEX order_line_items_domain ON order_line_items(domain);

    CREATE TABLE transactions (
      ${ROW},
      date TEXT, gateway TEXT NOT NULL, invoice_id INTEGER, trans_id TEXT NOT NULL,
      amount_in_cents INTEGER, amount_out_cents INTEGER
    );
    CREATE INDEX transactions_date ON transactions(date, id);
    CREATE INDEX transactions_gateway ON transactions(gateway, id);
    CREATE INDEX transactions_invoice ON transactions(invoice_id, id);
    CREATE INDEX transactions_amount_in ON transactions(amount_in_cents, id);
    CREATE INDEX transactions_amount_out ON transactions(amount_out_cents, id);

    CREATE TABLE contacts (
      ${ROW},
      first_name TEXT COLLATE NOCASE NOT NULL, last_name TEXT COLLATE NOCASE NOT NULL,
      company_name TEXT COLLATE NOCASE NOT NULL, email TEXT COLLATE NOCASE NOT NULL,
      country TEXT NOT NULL, subaccount INTEGER NOT NULL, created_at TEXT
    );
    CREATE INDEX contacts_first_name ON contacts(first_name, id);
    CREATE INDEX contacts_last_name ON contacts(last_name, id);
    CREATE INDEX contacts_company ON contacts(company_name, id);
    CREATE INDEX contacts_email ON contacts(email, id);
    CREATE INDEX contacts_created_at ON contacts(created_at, id);
    CREATE INDEX contacts_subaccount ON contacts(subaccount, id);
    CREATE INDEX contacts_country ON contacts(country);

    CREATE TABLE tickets (
      ${ROW},
      tid TEXT NOT NULL, dept_id INTEGER, status TEXT NOT NULL, priority TEXT NOT NULL,
      subject TEXT COLLATE NOCASE NOT NULL, date TEXT, last_reply TEXT, flag INTEGER NOT NULL
    );
    CREATE INDEX tickets_tid ON tickets(tid, id);
    CREATE INDEX tickets_status ON tickets(status, id);
    CREATE INDEX tickets_status_last_reply ON tickets(status, last_reply, id);
    CREATE INDEX tickets_dept_last_reply ON tickets(dept_id, last_reply, id);
    CREATE INDEX tickets_priority ON tickets(priority, id);
    CREATE INDEX tickets_subject ON tickets(subject, id);
    CREATE INDEX tickets_date ON tickets(date, id);
    CREATE INDEX tickets_last_reply ON tickets(last_reply, id);
    CREATE INDEX tickets_flag ON tickets(flag);

    CREATE TABLE announcements (
      ${ROW},
      date TEXT, title TEXT COLLATE NOCASE NOT NULL, published INTEGER NOT NULL
    );
    CREATE INDEX announcements_date ON announcements(date, id);
    CREATE INDEX announcements_published ON announcements(published);

    CREATE TABLE departments (${ROW}, name TEXT COLLATE NOCASE NOT NULL);
    CREATE INDEX departments_name ON departments(name, id);

    CREATE TABLE client (${ROW});

    CREATE TABLE catalogue (
      ${ROW},
      gid INTEGER, name TEXT COLLATE NOCASE NOT NULL, type TEXT NOT NULL
    );
    CREATE INDEX catalogue_gid ON catalogue(gid, id);
    CREATE INDEX catalogue_name ON catalogue(name, id);
    CREATE INDEX catalogue_type ON catalogue(type);
    CREATE TABLE catalogue_addons (
      parent_id INTEGER NOT NULL, id INTEGER NOT NULL, name TEXT NOT NULL, billing_cycle TEXT NOT NULL,
      PRIMARY KEY (parent_id, id)
    );
    CREATE TABLE catalogue_config_options (
      parent_id INTEGER NOT NULL, id INTEGER NOT NULL, name TEXT NOT NULL, type TEXT NOT NULL, PRIMARY KEY (parent_id, id)
    );
    CREATE TABLE catalogue_config_choices (
      parent_id INTEGER NOT NULL, option_id INTEGER NOT NULL, id INTEGER NOT NULL, name TEXT NOT NULL, price TEXT,
      PRIMARY KEY (parent_id, option_id, id)
    );

    -- Invoices created through the app: local, never touched by a sync.
    CREATE TABLE local_invoices (
      ${ROW},
      status TEXT NOT NULL, total_cents INTEGER NOT NULL, created_at TEXT NOT NULL
    );
    CREATE INDEX local_invoices_created_at ON local_invoices(created_at, id);
    CREATE INDEX local_invoices_status ON local_invoices(status);

    CREATE TABLE sync_state (
      resource TEXT PRIMARY KEY,
      last_synced_at TEXT, row_count INTEGER NOT NULL DEFAULT 0,
      last_error TEXT, last_error_at TEXT
    );

    -- Answers of the on-demand operations, keyed by lower-case domain name.
    CREATE TABLE whois_cache (key TEXT PRIMARY KEY, json TEXT NOT NULL, fetched_at TEXT NOT NULL);
    CREATE TABLE whois_info_cache (key TEXT PRIMARY KEY, json TEXT NOT NULL, fetched_at TEXT NOT NULL);
    CREATE TABLE epp_cache (key TEXT PRIMARY KEY, json TEXT NOT NULL, fetched_at TEXT NOT NULL);
  `);
}
