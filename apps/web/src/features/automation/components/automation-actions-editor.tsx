import type { AutomationAction } from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

type Choice = { id: number; name: string };
/**
 * What an action may name: the account's tags, rich menus, notification groups and scenarios (the page
 * reads them).
 */
export type AutomationChoices = {
  tags: Choice[];
  richMenus: Choice[];
  groups: Choice[];
  scenarios: Choice[];
};

type EditableType = AutomationAction['type'];
const types: EditableType[] = ['tag.add', 'tag.remove', 'richMenu.switch', 'notify', 'scenario.start'];

const blank = (type: EditableType, choices: AutomationChoices): AutomationAction => {
  if (type === 'tag.add' || type === 'tag.remove') return { type, tagId: choices.tags[0]?.id ?? 0 };
  if (type === 'richMenu.switch') return { type, richMenuId: null };
  if (type === 'scenario.start') return { type, scenarioId: choices.scenarios[0]?.id ?? 0 };
  return { type, notificationGroupId: choices.groups[0]?.id ?? 0 };
};

/**
 * The actions of a keyword rule or a postback action: add or remove a tag, switch the menu, notify, start
 * a scenario (ステップ配信).
 */
export function AutomationActionsEditor({
  value,
  onChange,
  choices,
}: {
  value: AutomationAction[];
  onChange: (actions: AutomationAction[]) => void;
  choices: AutomationChoices;
}) {
  const { t } = useTranslation();
  const set = (index: number, action: AutomationAction) =>
    onChange(value.map((a, i) => (i === index ? action : a)));
  const target = (action: AutomationAction, index: number) => {
    const select = (
      label: string,
      current: number | '',
      options: Choice[],
      pick: (id: number | null) => void,
      none?: string,
    ) => (
      <TextField
        select
        size="small"
        label={label}
        value={current}
        onChange={(e) => pick(e.target.value === '' ? null : Number(e.target.value))}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': `action-target-${index}` },
        }}
        sx={{ minWidth: 200 }}
      >
        {none !== undefined && <option value="">{none}</option>}
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </TextField>
    );
    switch (action.type) {
      case 'tag.add':
      case 'tag.remove':
        return select(t('automation.actions.tag'), action.tagId || '', choices.tags, (id) =>
          set(index, { ...action, tagId: id ?? 0 }),
        );
      case 'richMenu.switch':
        return select(
          t('automation.actions.richMenu'),
          action.richMenuId ?? '',
          choices.richMenus,
          (id) => set(index, { ...action, richMenuId: id }),
          t('automation.actions.defaultMenu'),
        );
      case 'notify':
        return select(t('automation.actions.group'), action.notificationGroupId || '', choices.groups, (id) =>
          set(index, { ...action, notificationGroupId: id ?? 0 }),
        );
      case 'scenario.start':
        return select(t('automation.actions.scenario'), action.scenarioId || '', choices.scenarios, (id) =>
          set(index, { ...action, scenarioId: id ?? 0 }),
        );
    }
  };
  return (
    <Stack spacing={1.5}>
      {value.map((action, index) => (
        <Stack
          sx={{ alignItems: { sm: 'center' } }}
          key={index}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
        >
          <TextField
            select
            size="small"
            label={t('automation.actions.type')}
            value={action.type}
            onChange={(e) => set(index, blank(e.target.value as EditableType, choices))}
            slotProps={{
              select: { native: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': `action-type-${index}` },
            }}
            sx={{ minWidth: 200 }}
          >
            {types.map((type) => (
              <option key={type} value={type}>
                {t(`automation.actionTypes.${type}`)}
              </option>
            ))}
          </TextField>
          {target(action, index)}
          <IconButton
            aria-label={t('automation.actions.remove', { number: index + 1 })}
            onClick={() => onChange(value.filter((_, i) => i !== index))}
          >
            <DeleteOutlined />
          </IconButton>
        </Stack>
      ))}
      <div>
        <Button
          size="small"
          startIcon={<AddOutlined />}
          disabled={value.length >= 10}
          onClick={() =>
            onChange([...value, blank(choices.tags.length ? 'tag.add' : 'richMenu.switch', choices)])
          }
        >
          {t('automation.actions.add')}
        </Button>
      </div>
    </Stack>
  );
}
