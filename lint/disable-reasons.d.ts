/** Types of lint/disable-reasons.js, for its unit test. */
import type { Rule } from 'eslint';

declare const plugin: { rules: { 'disable-reasons': Rule.RuleModule } };
export default plugin;
