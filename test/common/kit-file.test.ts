// The kit file colleagues share: what is written reads back the same, and a file that is not a
// kit file, comes from a newer version or carries a bad value is refused naming what is wrong.
import { describe, expect, it } from 'vitest';
import { kitFileName, kitFileText, parseKitFile, type KitContent } from '../../common/kits';

const kit: KitContent = {
  name: 'Office 25 seats',
  currency: 'USD',
  sections: [{ name: 'Licences' }],
  items: [
    {
      type: 'Standard',
      productId: '094347cf-431a-464f-98b9-32ebeb165c8a',
      productName: 'Microsoft 365 Business Premium',
      sku: 'MST-M365-BP',
      billingTerm: 'Monthly',
      commitmentTermId: null,
      parent: null,
      quantity: 25,
      price: 22,
      note: 'Per seat',
      section: 0,
      listPrice: { cost: 19.8, suggested: 22 },
    },
    {
      type: 'Custom',
      productName: 'Onboarding',
      sku: 'ONB',
      billingTerm: 'One-Time',
      cost: 0,
      initialTotal: 250,
      quantity: 1,
      price: 250,
      note: '',
      section: null,
    },
  ],
};

function refused(text: string): string {
  const r = parseKitFile(text);
  if (r.ok) throw new Error('expected the file to be refused');
  return r.problem.message;
}

describe('kit files', () => {
  it('reads back what was written', () => {
    const text = kitFileText(kit, '2026-03-01T10:00:00.000Z');
    expect(parseKitFile(text)).toEqual({ ok: true, kit });
    expect(kitFileName('Office 25 / seats: "EU"')).toBe('Office 25 seats EU.qdkit.json');
  });

  it('refuses a file that is not JSON, or JSON of another kind, saying so', () => {
    expect(refused('%PDF-1.4 …')).toBe('The file is not a kit file: it is not JSON.');
    expect(refused(JSON.stringify({ format: 'quotedesk.quote-export', version: 1 }))).toBe(
      'The file is not a Quotedesk kit file (its format is "quotedesk.quote-export").',
    );
    expect(refused('[1, 2, 3]')).toBe('The file is not a Quotedesk kit file.');
  });

  it('refuses a file of a newer version', () => {
    const file = JSON.parse(kitFileText(kit, '2026-03-01T10:00:00.000Z')) as { version: number };
    file.version = 7;
    expect(refused(JSON.stringify(file))).toMatch(/newer Quotedesk \(version 7\)/);
  });

  it('names the field at fault in a kit file with a bad value', () => {
    const file = JSON.parse(kitFileText(kit, '2026-03-01T10:00:00.000Z')) as {
      kit: { items: Record<string, unknown>[] };
    };
    file.kit.items[0]!.quantity = -3;
    expect(refused(JSON.stringify(file))).toBe(
      'The kit file is not valid: kit.items.0.quantity must be at least 1.',
    );
    file.kit.items[0]!.quantity = 3;
    file.kit.items[1]!.section = 4;
    expect(refused(JSON.stringify(file))).toBe(
      "The kit file is not valid: kit.items.1.section must name one of the kit's 1 sections.",
    );
    file.kit.items[1]!.section = null;
    file.kit.items[1]!.secret = 'x';
    expect(refused(JSON.stringify(file))).toBe(
      'The kit file is not valid: kit.items.1.secret is not a field of a kit file.',
    );
  });
});
