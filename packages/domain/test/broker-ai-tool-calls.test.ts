import { describe, expect, it } from 'vitest';
import { runToolCall, toolDefinitions } from '../src/broker-ai/tool-calls';

describe('broker-ai tool calls', () => {
  it('toolDefinitions: every tool as a function with a JSON Schema object of parameters', () => {
    const defs = toolDefinitions();
    expect(defs.length).toBeGreaterThanOrEqual(15);
    for (const d of defs) {
      expect(d.type).toBe('function');
      expect(d.function.parameters).toMatchObject({ type: 'object' });
    }
  });
  it('runToolCall: lvr_on_land of 2.6m on 4.0m is 65', () => {
    expect(runToolCall('lvr_on_land', '{"loan":2600000,"land_value":4000000}')).toMatchObject({
      lvr_percent: 65,
    });
  });
  it('runToolCall: margin_scheme_gst of 1.5m bought, 2.4m sold is 81,818.18', () => {
    const r = runToolCall('margin_scheme_gst', '{"purchase_price":1500000,"sale_price":2400000}') as {
      gst: number;
    };
    expect(r.gst).toBeCloseTo(81_818.18, 2);
  });
  it('runToolCall: convert_margin of 18 from cost is 15.25 on revenue', () => {
    const r = runToolCall('convert_margin', '{"percent":18,"from":"cost"}') as {
      margin_on_revenue_percent: number;
    };
    expect(r.margin_on_revenue_percent).toBeCloseTo(15.254, 3);
  });
  it('runToolCall: deal_figures answers only the facts it is given', () => {
    expect(runToolCall('deal_figures', '{}', { deal: { loan: 1_000_000 } })).toEqual({ loan: 1_000_000 });
    expect(runToolCall('deal_figures', '{}')).toEqual({});
  });
  it('runToolCall: an unknown tool, bad JSON or a missing argument answers an error, never a figure', () => {
    expect(runToolCall('nope', '{}')).toEqual({ error: 'No tool named nope' });
    expect(runToolCall('lvr_on_land', '{')).toEqual({ error: 'Arguments are not JSON' });
    expect(runToolCall('lvr_on_land', '{"loan":1}')).toHaveProperty('error');
  });
});
