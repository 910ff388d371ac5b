/** A cart line in words: its title ("Shared Hosting — example.com", "Register example.com") and a one-line summary. */
import { useI18n } from 'vue-i18n';
import { ordersDomain, type CartLine } from './cart';

export function useLineWords() {
  const { t } = useI18n();

  function titleOf(line: CartLine): string {
    if (line.kind === 'domain') return t(`shop.line.${line.domain.mode}`, { domain: line.domain.name });
    return line.domain.mode === 'none' ? line.name : t('shop.line.productOn', { product: line.name, domain: line.domain.name });
  }

  function summaryOf(line: CartLine): string {
    const parts: string[] = [];
    if (line.kind === 'product') {
      parts.push(t(`lists.cycle.${line.billingcycle}`));
      parts.push(...line.optionLines.map((o) => `${o.name}: ${o.choice}`));
      parts.push(...line.addons.map((a) => a.name));
      if (line.hostname) parts.push(line.hostname);
    }
    const domain = line.domain;
    if (ordersDomain(domain)) {
      parts.push(t(`shop.line.${domain.mode}Short`, { domain: domain.name }));
      parts.push(t('forms.order.years', domain.regperiod));
      for (const flag of ['idprotection', 'dnsmanagement', 'emailforwarding'] as const) if (domain[flag]) parts.push(t(`shop.domain.${flag}`));
    }
    return parts.join(' · ');
  }

  return { titleOf, summaryOf };
}
