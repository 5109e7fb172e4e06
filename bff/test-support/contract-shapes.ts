// For tests only: checks a value against a schema of openapi/bff.yaml (components/schemas/<name>), so what the
// batch helpers answer is what the contract documents.
import { BFF_CONTRACT_FILE, loadYaml } from '../../contract/operations.ts';
import { createValidator } from '../../contract/validator.ts';

const validate = createValidator(loadYaml(BFF_CONTRACT_FILE));

/** Every way `value` differs from the contract's schema `name` (empty when it conforms). */
export function schemaViolations(name: string, value: unknown): string[] {
  return validate({ $ref: `#/components/schemas/${name}` }, value);
}
