import { ASSESSMENT_TYPE_LABELS } from '../../../lib/labels/assessments.ts';
import { credits, formatPrice, PAIR_TYPE_LABELS, PRICE_REGION_LABELS, TEAM_REPORT_TYPE_LABELS } from '../../../lib/labels/credits.ts';
import type { CreditsOverview } from '../api/get-credits.ts';

/** The price and cost lists (spec coach-shell §2.9, §9). */
export function PriceLists({ overview }: { overview: CreditsOverview }) {
  return (
    <article className="card balance__prices" aria-labelledby="prices-title">
      <h2 id="prices-title">Prices and costs</h2>
      <div className="balance__price-grid">
        <PriceTable
          caption="Price of one credit"
          rows={overview.creditPrices.map((price) => [PRICE_REGION_LABELS[price.region], formatPrice(price)])}
        />
        <PriceTable
          caption="Self-registered Enneagram"
          rows={overview.selfRegisteredEnneagramPrices.map((price) => [PRICE_REGION_LABELS[price.region], formatPrice(price)])}
        />
        <PriceTable
          caption="Assessments"
          rows={overview.assessmentCosts.map((cost) => [ASSESSMENT_TYPE_LABELS[cost.assessmentType], credits(cost.credits)])}
        />
        <PriceTable
          caption="Team reports"
          rows={overview.teamReportCosts.map((cost) => [TEAM_REPORT_TYPE_LABELS[cost.reportType], credits(cost.credits)])}
        />
        <PriceTable
          caption="Pair reports"
          rows={overview.pairReportCosts.map((cost) => [PAIR_TYPE_LABELS[cost.pairType], credits(cost.credits)])}
        />
        <PriceTable
          caption="Bulk discounts"
          rows={overview.discountTiers.map((tier) => [
            tier.maxCredits === null ? `${tier.minCredits}+ credits` : `${tier.minCredits}–${tier.maxCredits} credits`,
            tier.discountPercent === 0 ? 'Normal price' : `${tier.discountPercent}% off`,
          ])}
        />
      </div>
      <p className="balance__note">
        Bulk orders (at least {overview.minimumOrder} credits) are invoiced within 1 working day. Pay-as-you-go use is invoiced monthly,
        with terms of 30 days.
      </p>
    </article>
  );
}

function PriceTable({ caption, rows }: { caption: string; rows: readonly (readonly [string, string])[] }) {
  return (
    <table className="balance__price-table">
      <caption>{caption}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
