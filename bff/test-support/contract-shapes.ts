// For tests only: checks a value against a schema of openapi/bff.yaml (components/schemas/<name>), so what the
// batch helpers answer is what the contract documents.
import { fileURLToPath } from 'node:url';
import { createValidator, loadYaml } from '../../scripts/lib/contract.ts';

const validate = createValidator(loadYaml(fileURLToPath(new URL('../../openapi/bff.yaml', import.meta.url))));

/** Every way `value` differs from the contract's schema `name` (empty when it conforms). */
export function schemaViolations(name: string, value: unknown): string[] {
  return validate({ $ref: `#/components/schemas/${name}` }, value);
}
