import type { MemberAttribute, MemberSettings, MemberValue } from '@app/contracts';
import type { AttributeRow, ChoiceRow, SettingsRow, StoredValue } from './members.repository.ts';

export function toAttributeView(
  row: AttributeRow,
  choices: ChoiceRow[],
  valueCount: number,
): MemberAttribute {
  return {
    id: row.id,
    storeId: row.storeId,
    visibility: row.visibility,
    label: row.label,
    type: row.type,
    isRequired: row.isRequired,
    displayOrder: row.displayOrder,
    internalName: row.internalName,
    isDeletable: row.isDeletable,
    valueCount,
    choices: choices
      .filter((c) => c.attributeId === row.id)
      .map((c) => ({ id: c.id, attributeId: c.attributeId, value: c.value, displayOrder: c.displayOrder })),
  };
}

/** The defaults of a store that has not saved its settings yet. */
export function toSettingsView(storeId: number, row: SettingsRow | undefined): MemberSettings {
  return {
    storeId,
    isShowMemberCard: row?.isShowMemberCard ?? true,
    requireRegistration: row?.requireRegistration ?? true,
    memberCodeShowMode: row?.memberCodeShowMode ?? 'QRCODE',
  };
}

/** One value as text: the day, the number, the choices joined, the text (IMAGE: its stored key). */
export function valueText(attribute: Pick<AttributeRow, 'type'>, value: StoredValue): string | null {
  switch (attribute.type) {
    case 'NUMBER':
      return value.numberValue === null ? null : String(value.numberValue);
    case 'DATE':
      return value.dateValue;
    case 'RADIO':
    case 'CHECKBOX':
      return value.choices.length ? value.choices.map((c) => c.value).join(', ') : null;
    default:
      return value.value;
  }
}

/** A member's values in the attributes' display order (attributes it has no value of are left out). */
export function toValueViews(attributes: AttributeRow[], values: StoredValue[]): MemberValue[] {
  return attributes.flatMap((attribute) => {
    const value = values.find((v) => v.attributeId === attribute.id);
    if (!value) return [];
    return [
      {
        attributeId: attribute.id,
        label: attribute.label,
        type: attribute.type,
        value: valueText(attribute, value),
        numberValue: value.numberValue,
        memberAttributeChoice: value.choices.map((c) => ({ attributeChoiceId: c.id, value: c.value })),
      },
    ];
  });
}
