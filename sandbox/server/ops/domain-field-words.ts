/**
 * The provider's words for a TLD-specific field's problem (shared/domain-fields.ts), in its error style: the
 * field's name quoted as upstream names it (so that a reader can tell which field), then what is wrong.
 */
import type { DomainField, DomainFieldProblem } from '../../../shared/domain-fields.js';

export function domainFieldProblemWords(fields: readonly DomainField[], problem: DomainFieldProblem): string {
  const field = fields.find((f) => f.name === problem.field);
  const name = `"${problem.field}"`;
  switch (problem.code) {
    case 'required':
      return `${name} is required`;
    case 'tick':
      return `${name} must be ticked`;
    case 'option':
      return `${name} must be one of ${(field?.options ?? []).map((o) => o.value).join(' / ')}`;
    case 'tooLong':
      return `${name} is too long (at most ${field?.maxLength ?? 0} characters)`;
    case 'codiceFiscale':
      return `${name} must be a codice fiscale (16 characters) or, for a foreign person, an identity document number`;
    case 'codiceFiscaleCheck':
      return `${name} is not a valid codice fiscale (its check character does not match)`;
    case 'partitaIva':
      return `${name} must be an 11-digit VAT number (partita IVA) or numeric codice fiscale`;
    case 'partitaIvaCheck':
      return `${name} is not a valid VAT number (its check digit does not match)`;
    case 'foreignVat':
      return `${name} must be a VAT number starting with its country's two letters`;
    case 'ukCompanyNumber':
      return `${name} must be a company or charity number (8 digits, or 2 letters and 6 digits)`;
    case 'countryCode':
      return `${name} must be a 2-letter country code`;
  }
}
