// The marketplace benchmark's `varied` case: what funders really send as they filter. Each call of
// `next()` is a fresh random combination of property type, state, stage, loan range, sort and page,
// from a seeded generator (mulberry32), so a run can be repeated exactly from its printed seed.
// The lists come from the domain package (the same enums the server validates against).
import { tsImport } from 'tsx/esm/api';

const { propertyTypes, australianStates, developmentStages } = await tsImport(
  '../../packages/domain/src/projects.ts',
  import.meta.url,
);
const { marketplaceSorts } = await tsImport('../../packages/domain/src/marketplace.ts', import.meta.url);

/** mulberry32: a small, fast, seeded generator of floats in [0, 1). */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Loan amounts people type: round figures mostly, sometimes an exact one.
const MINIMUMS = [100_000, 250_000, 500_000, 1_000_000, 2_000_000, 3_000_000, 5_000_000];
const MAXIMUMS = [1_000_000, 2_000_000, 3_000_000, 5_000_000, 10_000_000, 20_000_000, 50_000_000];

export function variedQueries(seed) {
  const random = mulberry32(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const chance = (p) => random() < p;
  return {
    seed,
    next() {
      const query = new URLSearchParams();
      if (chance(0.6)) query.set('property_type', pick(propertyTypes));
      if (chance(0.6)) query.set('state', pick(australianStates));
      if (chance(0.3)) query.set('development_stage', pick(developmentStages));
      if (chance(0.5)) {
        let min = chance(0.7) ? pick(MINIMUMS) : Math.round(100_000 + random() * 4_900_000);
        let max = chance(0.7) ? pick(MAXIMUMS) : Math.round(500_000 + random() * 49_500_000);
        if (min > max) [min, max] = [max, min];
        if (chance(0.8)) query.set('min_loan', String(min));
        if (chance(0.8)) query.set('max_loan', String(max));
      }
      query.set('sort', pick(marketplaceSorts));
      const roll = random();
      const page =
        roll < 0.5 ? 1 : roll < 0.85 ? 2 + Math.floor(random() * 4) : 6 + Math.floor(random() * 15);
      if (page > 1) query.set('page', String(page));
      return query.toString();
    },
  };
}
