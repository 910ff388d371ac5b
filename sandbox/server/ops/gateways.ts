/** Payment gateways the provider accepts, by code (the `paymentmethod` value) with their display names. */
const GATEWAYS: ReadonlyMap<string, string> = new Map([
  ['mailin', 'Mail In Payment'],
  ['banktransfer', 'Bank Transfer'],
  ['paypal', 'PayPal'],
  ['stripe', 'Credit Card'],
  ['authorize', 'Credit Card (Authorize.Net)'],
]);

/** The display name of a gateway code, or undefined when the provider has no such gateway. */
export function gatewayName(code: string): string | undefined {
  return GATEWAYS.get(code);
}

/** Every gateway code, as upstream lists them in its "Invalid Payment Method" message. */
export function gatewayCodes(): string[] {
  return [...GATEWAYS.keys()];
}
