// Usage: node scripts/check-examples.ts <openapi root or bundle>
// Bundles the contract and validates every example against its own schema.
import { bundleToTemp, checkExamples, loadYaml } from './lib/contract.ts';

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/check-examples.ts <openapi.yaml>');
  process.exit(2);
}
const problems = checkExamples(loadYaml(bundleToTemp(file)));
for (const p of problems) console.log(`${p.where}: ${p.message}`);
console.log(problems.length === 0 ? 'All examples are valid.' : `${problems.length} problem(s).`);
process.exit(problems.length === 0 ? 0 : 1);
