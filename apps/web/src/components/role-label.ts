import type { Position, Role } from '@app/contracts';
import type { TFunction } from 'i18next';

/** 「クライアント・オーナー」 / "Client · Owner" */
export function roleLabel(t: TFunction, role: Role, position: Position): string {
  return t('roles.rolePosition', { role: t(`roles.${role}`), position: t(`positions.${position}`) });
}
