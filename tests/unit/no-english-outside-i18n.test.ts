/**
 * No word a person reads is written outside i18n/: the renderer's templates hold no text, and no attribute a
 * person reads (or a screen reader speaks) holds letters, except through $t / t(). Written against the template
 * AST of @vue/compiler-dom, so interpolations, bindings and comments are told apart from text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parse as parseSfc } from '@vue/compiler-sfc';
import { NodeTypes, type RootNode, type TemplateChildNode } from '@vue/compiler-dom';
import { describe, expect, it } from 'vitest';

const RENDERER = resolve(import.meta.dirname, '../../renderer/src');

/** Attributes whose text a person reads or hears. */
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-placeholder', 'aria-roledescription', 'title', 'placeholder', 'alt', 'label']);

/** Text that is not a word of any language, with why. */
const ALLOWED: ReadonlyArray<[text: RegExp, why: string]> = [
  [/^[\s\p{P}\p{S}\d]*$/u, 'punctuation, symbols and digits: "—", "·", "×", "#", "/"'],
  [/^(Reseller Desk)$/, "the product's name, the same in every language"],
  [/^(Ctrl|⌘|Esc|Enter|Tab|Shift)$/, 'key names, printed on the keys'],
  [/^(EPP|CSV|URL|API|HTTPS?)$/, 'acronyms shown as they are in both languages'],
];

function vueFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return vueFiles(path);
    return entry.name.endsWith('.vue') ? [path] : [];
  });
}

const allowed = (text: string) => ALLOWED.some(([pattern]) => pattern.test(text.trim()));

/** The English a template writes: its text nodes and read attributes with letters, as `line: text`. */
function writtenWords(root: RootNode | TemplateChildNode): string[] {
  const found: string[] = [];
  const visit = (node: RootNode | TemplateChildNode) => {
    if (node.type === NodeTypes.TEXT && !allowed(node.content)) found.push(`${node.loc.start.line}: ${node.content.trim()}`);
    if (node.type === NodeTypes.ELEMENT) {
      for (const prop of node.props) {
        if (prop.type === NodeTypes.ATTRIBUTE && READ_ATTRIBUTES.has(prop.name) && prop.value && !allowed(prop.value.content)) {
          found.push(`${prop.loc.start.line}: ${prop.name}="${prop.value.content}"`);
        }
      }
    }
    if ('children' in node) for (const child of node.children as TemplateChildNode[]) visit(child);
  };
  visit(root);
  return found;
}

describe('no English outside i18n/', () => {
  const files = vueFiles(RENDERER);

  it('finds the templates, and the words one writes', () => {
    expect(files.length).toBeGreaterThan(30);
    const ast = parseSfc('<template><p>Hello {{ t("x") }}</p><b title="Go on" :aria-label="t(\'y\')">—</b><kbd>Esc</kbd></template>').descriptor.template!.ast!;
    expect(writtenWords(ast)).toEqual(['1: Hello', '1: title="Go on"']);
  });

  it.each(files.map((file) => [relative(RENDERER, file), file]))('%s writes no words of its own', (_name, file) => {
    const { descriptor } = parseSfc(readFileSync(file, 'utf8'), { filename: file });
    const ast = descriptor.template?.ast;
    expect(ast ? writtenWords(ast) : []).toEqual([]);
  });
});
