import type { Operation } from '../operation.js';
import { addOrder } from './add-order.js';
import { getAnnouncements } from './announcements.js';
import { getFilteredProducts, getProductAddons, getProductConfigoptions, getProducts } from './catalogue.js';
import { getClientsDetails } from './client.js';
import { addContact, deleteContact, getContacts, updateContact } from './contacts.js';
import { getSupportDepartments } from './departments.js';
import { getClientsDomains } from './domains.js';
import { domainRequestEpp } from './epp.js';
import { createInvoice } from './invoices.js';
import { getOrders } from './orders.js';
import { getClientsProducts } from './products.js';
import { addTicketReply, getTickets, openTicket } from './tickets.js';
import { getTransactions } from './transactions.js';
import { whois, whoisInfo } from './whois.js';

/** Every operation of the spec, in the order the spec lists them. */
export const OPERATIONS: Operation[] = [
  getClientsProducts,
  getProducts,
  getFilteredProducts,
  getProductAddons,
  getProductConfigoptions,
  getTransactions,
  getClientsDomains,
  whois,
  getOrders,
  addOrder,
  getContacts,
  addContact,
  updateContact,
  deleteContact,
  getAnnouncements,
  getSupportDepartments,
  openTicket,
  getTickets,
  addTicketReply,
  domainRequestEpp,
  getClientsDetails,
  whoisInfo,
  createInvoice,
];
