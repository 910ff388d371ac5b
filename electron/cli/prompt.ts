/** Asks for secrets on the terminal without echoing them (never taken as arguments, which shells keep in history). */
import { createInterface } from 'node:readline';

/** The answers in order; rejects if the input ends first. */
export async function askSecrets(questions: readonly string[]): Promise<string[]> {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  let muted = false;
  // readline echoes what is typed through this; the question itself is written before muting.
  // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- readline's private _writeToOutput masks a typed password; node's types do not declare it
  (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text) => {
    if (!muted) process.stderr.write(text);
  };
  const ended = new Promise<never>((_, reject) => rl.once('close', () => reject(new Error('the input ended before every secret was typed'))));
  ended.catch(() => undefined);
  const answers: string[] = [];
  try {
    for (const question of questions) {
      muted = false;
      const answer = new Promise<string>((resolve) => rl.question(question, resolve));
      muted = true;
      answers.push(await Promise.race([answer, ended]));
      process.stderr.write('\n');
    }
  } finally {
    rl.close();
  }
  return answers;
}
