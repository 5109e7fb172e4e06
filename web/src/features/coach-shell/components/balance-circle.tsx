/**
 * The token balance in the top bar (spec coach-shell §2.1): green when the coach holds credits (0 or more),
 * orange when negative (a deficit that will be invoiced).
 */
export function BalanceCircle({ balance }: { balance: number }) {
  const deficit = balance < 0;
  return (
    <span
      className={`balance-circle ${deficit ? 'balance-circle--deficit' : 'balance-circle--held'}`}
      role="img"
      aria-label={deficit ? `Balance: ${balance} credits (a deficit to be invoiced)` : `Balance: ${balance} credits`}
      title={deficit ? 'Credits owed, to be invoiced' : 'Credits available'}
    >
      {balance}
    </span>
  );
}
