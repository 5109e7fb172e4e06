// `npm start`: will run the sandbox, the BFF pointed at it and the built web client, and print the demo logins.
// The BFF (issue 3), the sandbox (issue 4) and the web client (issue 5) are not built yet; until then this says so.
const parts: Array<[folder: string, what: string]> = [
  ['sandbox/', 'the stateful stand-in for the legacy API, seeded with the demo account (demo@coachportal.test)'],
  ['bff/', 'the Fastify BFF on http://localhost:3000, pointed at the sandbox'],
  ['web/', 'the React client, built and served by the BFF under http://localhost:3000/coachportal/'],
];
console.log('npm start will run:');
for (const [folder, what] of parts) console.log(`  ${folder.padEnd(9)} ${what}`);
console.log('\nNone of them exists yet. Today you can serve the legacy contract with Prism: npm run mock');
process.exitCode = 1;
