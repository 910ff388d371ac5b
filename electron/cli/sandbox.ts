/** `reseller-desk sandbox`: the demo provider for this data folder, with its account, until Ctrl-C. */
import { DEMO_PRESETS, isDemoPreset, type DemoPorts, type DemoPreset } from '../demo-provider.js';
import { UsageError, type OptionValues } from './args.js';
import type { CommandContext } from './context.js';
import type { CliDemoProvider } from './demo.js';

export async function sandbox({ desk, dataDirOption }: CommandContext, provider: CliDemoProvider): Promise<number> {
  const demo = await desk.call('accounts.demo');
  const secrets = provider.started;
  process.stderr.write(
    `demo provider running: ${demo.baseUrl} (alt ${demo.altBaseUrl || demo.baseUrl}), service "${demo.service}"\n` +
      `  client id ${demo.clientId}, client secret ${secrets?.clientSecret}, username ${demo.username}, password ${secrets?.password}\n` +
      `account "${demo.name}" is ready; in another terminal: npx reseller-desk sync --account ${demo.name}${dataDirOption ? ` --data-dir ${JSON.stringify(dataDirOption)}` : ''}\n` +
      'press Ctrl-C to stop\n',
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  return 0;
}

export function sandboxOptions(options: OptionValues): { preset: DemoPreset; ports: DemoPorts } {
  const preset = options.preset ?? 'demo';
  if (!isDemoPreset(preset)) throw new UsageError(`--preset must be ${DEMO_PRESETS.join(', ')} (got "${preset}")`, 'sandbox');
  return { preset, ports: { port: port(options.port, '--port'), altPort: port(options['alt-port'], '--alt-port') } };
}

function port(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!(Number.isInteger(n) && n >= 0 && n <= 65535)) throw new UsageError(`${flag} must be a port number from 0 to 65535 (got "${value}")`, 'sandbox');
  return n;
}
