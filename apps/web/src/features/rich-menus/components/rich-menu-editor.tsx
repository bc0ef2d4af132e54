import {
  createRichMenuBodySchema,
  richMenuIconNames,
  richMenuLimits,
  richMenuMessages,
  updateRichMenuBodySchema,
  type CreateRichMenuBody,
  type RichMenu,
  type RichMenuArea,
  type RichMenuPreviewBody,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { get, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions, FormSelectField, FormTextField } from '../../../components/form/form-fields.tsx';
import { ServerForm } from '../../../components/form/server-form.tsx';
import { useServerSubmit } from '../../../components/form/use-server-submit.ts';
import { useTranslateMessage } from '../../../lib/translate-message.ts';
import { AreaCanvas } from '../../../components/area-canvas/area-canvas.tsx';
import { RichMenuPhonePreview } from './phone-preview.tsx';
import { cellStyle, richMenuTemplates, templateAreas, type RichMenuTemplate } from './rich-menu-templates.ts';

/** The form's values: the body of POST (and of PUT, where `image` is left out when unchanged). */
type Values = CreateRichMenuBody;

const valuesOf = (menu?: RichMenu): Values => ({
  richMenu: menu
    ? {
        name: menu.name,
        size: menu.size,
        selected: menu.selected,
        chatBarText: menu.chatBarText,
        areas: menu.areas,
      }
    : { name: '', size: { width: 2500, height: 1686 }, selected: true, chatBarText: 'メニュー', areas: [] },
  // Editing keeps the stored image unless a new one is chosen (PUT without image).
  image: menu ? undefined : '',
  drawImage: false,
});

/** The labels' image, drawn by the server, while "draw the labels" is on (a short pause after typing). */
function useDrawnPreview(
  on: boolean,
  body: RichMenuPreviewBody,
  preview: (body: RichMenuPreviewBody) => Promise<{ image: string }>,
) {
  const [image, setImage] = useState<string | null>(null);
  const key = JSON.stringify(body);
  useEffect(() => {
    if (!on) return;
    let live = true;
    const timer = setTimeout(() => {
      preview(JSON.parse(key) as RichMenuPreviewBody).then(
        (answer) => live && setImage(answer.image),
        () => undefined,
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [on, key, preview]);
  return on ? image : null;
}

function readImage(file: File): Promise<{ dataUrl: string; width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(new Error(richMenuMessages.imageType));
    reader.onload = () => {
      const dataUrl = typeof reader.result === 'string' ? reader.result : '';
      const image = new Image();
      image.onload = () => resolve({ dataUrl, width: image.naturalWidth, height: image.naturalHeight });
      image.onerror = () => reject(new Error(richMenuMessages.imageType));
      image.src = dataUrl;
    };
    reader.readAsDataURL(file);
  });
}

/**
 * The visual editor: an image (uploaded, or one of LINE's template layouts), tap areas drawn and resized
 * on it, each area's action, and the phone preview with the chat bar text. One form: what it sends is
 * the contract's body, checked by the contract's schema before it goes.
 */
export function RichMenuEditor({
  menu,
  accountName,
  canEdit,
  onSubmit,
  onCancel,
  previewImage,
  postbackChoices = [],
}: {
  menu?: RichMenu;
  accountName?: string;
  canEdit: boolean;
  onSubmit: (body: Values) => Promise<unknown>;
  onCancel: () => void;
  /** The server's drawing of the areas' labels (POST .../rich-menu/preview). */
  previewImage: (body: RichMenuPreviewBody) => Promise<{ image: string }>;
  /** 自動応答's postback actions (the page hands them in): what a postback area's tap does. */
  postbackChoices?: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const defaultValues = valuesOf(menu);
  const form = useForm<Values>({
    resolver: zodResolver(menu ? updateRichMenuBodySchema : createRichMenuBodySchema) as never,
    defaultValues,
  });
  const submit = useServerSubmit(form, {
    defaultValues,
    onSubmit: (values) =>
      onSubmit(
        values.drawImage
          ? { richMenu: values.richMenu, drawImage: true }
          : menu && !values.image
            ? { richMenu: values.richMenu }
            : { richMenu: values.richMenu, image: values.image },
      ),
  });
  const [selected, setSelected] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const areas = (useWatch({ control: form.control, name: 'richMenu.areas' }) ?? []) as RichMenuArea[];
  const size = useWatch({ control: form.control, name: 'richMenu.size' });
  const image = useWatch({ control: form.control, name: 'image' });
  const chatBarText = useWatch({ control: form.control, name: 'richMenu.chatBarText' });
  const selectedType = useWatch({
    control: form.control,
    name: `richMenu.areas.${selected ?? 0}.action.type` as 'richMenu.areas.0.action.type',
  });
  const drawImage = useWatch({ control: form.control, name: 'drawImage' }) ?? false;
  const drawn = useDrawnPreview(
    drawImage,
    {
      size,
      areas: areas.map((area) => ({
        bounds: area.bounds,
        label: area.action.label || area.action.text || '',
        icon: area.icon,
      })),
    },
    previewImage,
  );
  const imageSrc = drawImage ? drawn : image || menu?.imageUrl || null;
  const errors = form.formState.errors;
  const errorOf = (path: string) => {
    const error: { message?: unknown } | undefined = get(errors, path);
    const message = typeof error?.message === 'string' ? error.message : null;
    return message ? translate(message) : null;
  };
  const imageErrors = [
    errorOf('image'),
    errorOf('richMenu.size.width'),
    errorOf('richMenu.size.height'),
    errorOf('richMenu.areas'),
    ...areas.map((_, index) => errorOf(`richMenu.areas.${index}.bounds`)),
  ].filter((text): text is string => Boolean(text));

  const setAreas = (next: RichMenuArea[]) => {
    form.setValue('richMenu.areas', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };
  const currentAreas = () => form.getValues('richMenu.areas') as RichMenuArea[];

  const applyTemplate = (template: RichMenuTemplate) => {
    form.setValue('richMenu.size', { width: template.width, height: template.height }, { shouldDirty: true });
    form.setValue('image', undefined, { shouldDirty: true });
    form.setValue('drawImage', true, { shouldDirty: true });
    setAreas(templateAreas(template));
    setSelected(0);
    setVersion((v) => v + 1);
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    form.clearErrors('image');
    if (file.type !== 'image/png' && file.type !== 'image/jpeg') {
      form.setError('image', { message: richMenuMessages.imageType });
      return;
    }
    if (file.size > richMenuLimits.maxImageBytes) {
      form.setError('image', { message: richMenuMessages.imageBytes });
      return;
    }
    const read = await readImage(file);
    form.setValue('richMenu.size', { width: read.width, height: read.height }, { shouldDirty: true });
    form.setValue('image', read.dataUrl, { shouldDirty: true });
    form.setValue('drawImage', false, { shouldDirty: true });
    void form.trigger('richMenu.size');
  };

  const actionOptions = (['message', 'uri', 'richmenuswitch', 'postback'] as const).map((value) => ({
    value,
    label: t(`richMenus.actionTypes.${value}`),
  }));
  const iconOptions = richMenuIconNames.map((value) => ({ value, label: t(`richMenus.icons.${value}`) }));
  const prefix = `richMenu.areas.${selected ?? 0}.action`;

  return (
    <ServerForm form={form} onSubmit={submit} label={t('richMenus.editor.formLabel')}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={2}>
            <Card sx={{ p: 2 }}>
              <Typography variant="h3" component="h2" sx={{ mb: 1.5 }}>
                {t('richMenus.editor.image')}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1.5 }}>
                <Button
                  component="label"
                  variant="outlined"
                  startIcon={<UploadFileOutlined />}
                  disabled={!canEdit}
                >
                  {t('richMenus.editor.upload')}
                  <input
                    hidden
                    type="file"
                    accept="image/png,image/jpeg"
                    data-testid="image-input"
                    onChange={(event) => void upload(event.target.files?.[0])}
                  />
                </Button>
                <Typography variant="caption" color="text.secondary">
                  {t('richMenus.editor.imageRules')}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('richMenus.editor.templates')}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
                {richMenuTemplates.map((template) => (
                  <ButtonBase
                    key={template.id}
                    disabled={!canEdit}
                    aria-label={t('richMenus.editor.template', { id: template.id })}
                    onClick={() => applyTemplate(template)}
                    sx={{
                      position: 'relative',
                      width: 90,
                      aspectRatio: `${template.width} / ${template.height}`,
                      border: 1,
                      borderColor: 'divider',
                      borderRadius: 1,
                      bgcolor: 'background.paper',
                    }}
                  >
                    {template.cells.map((cell, index) => (
                      <Box
                        key={index}
                        sx={{
                          position: 'absolute',
                          ...cellStyle(template, cell),
                          border: 1,
                          borderColor: 'primary.main',
                        }}
                      />
                    ))}
                  </ButtonBase>
                ))}
              </Box>
              <FormControlLabel
                sx={{ mb: 1 }}
                control={
                  <Switch
                    checked={drawImage}
                    disabled={!canEdit}
                    onChange={(event) =>
                      form.setValue('drawImage', event.target.checked, { shouldDirty: true })
                    }
                  />
                }
                label={t('richMenus.editor.drawImage')}
              />
              {drawImage && (
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
                  {t('richMenus.editor.drawImageHint')}
                </Typography>
              )}
              {imageSrc ? (
                <AreaCanvas
                  imageSrc={imageSrc}
                  size={size}
                  areas={areas}
                  selected={selected}
                  onSelect={setSelected}
                  onAdd={(bounds) => {
                    if (!canEdit) return;
                    const next = [
                      ...currentAreas(),
                      { bounds, action: { type: 'message' as const, text: '' } },
                    ];
                    setAreas(next);
                    setSelected(next.length - 1);
                    setVersion((v) => v + 1);
                  }}
                  onChange={(index, bounds) => {
                    if (!canEdit) return;
                    setAreas(currentAreas().map((area, i) => (i === index ? { ...area, bounds } : area)));
                  }}
                />
              ) : (
                <Typography color="text.secondary">{t('richMenus.editor.noImage')}</Typography>
              )}
              {imageErrors.map((text) => (
                <Typography key={text} variant="body2" color="error" role="alert">
                  {text}
                </Typography>
              ))}
            </Card>
            <Card sx={{ p: 2 }}>
              <Typography variant="h3" component="h2" sx={{ mb: 1.5 }}>
                {t('richMenus.editor.areas', { count: areas.length, max: richMenuLimits.maxAreas })}
              </Typography>
              {areas.length === 0 && (
                <Typography color="text.secondary">{t('richMenus.editor.noAreas')}</Typography>
              )}
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
                {areas.map((area, index) => (
                  <Button
                    key={index}
                    size="small"
                    variant={index === selected ? 'contained' : 'outlined'}
                    color={get(errors, `richMenu.areas.${index}`) ? 'error' : 'primary'}
                    onClick={() => setSelected(index)}
                  >
                    {index + 1} {area.action.label || t(`richMenus.actionTypes.${area.action.type}`)}
                  </Button>
                ))}
              </Box>
              {selected !== null && selected < areas.length && (
                <Grid container spacing={2} key={`${selected}-${version}`}>
                  <Grid size={{ xs: 12, sm: 4 }}>
                    <FormSelectField
                      name={`${prefix}.type`}
                      label={t('richMenus.editor.actionType')}
                      options={actionOptions}
                      disabled={!canEdit}
                      fullWidth
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <FormTextField
                      name={`${prefix}.label`}
                      label={t('richMenus.editor.actionLabel')}
                      disabled={!canEdit}
                      fullWidth
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 2 }} sx={{ display: 'flex', alignItems: 'center' }}>
                    <IconButton
                      aria-label={t('richMenus.editor.removeArea', { number: selected + 1 })}
                      disabled={!canEdit}
                      onClick={() => {
                        setAreas(currentAreas().filter((_, i) => i !== selected));
                        setSelected(null);
                        setVersion((v) => v + 1);
                      }}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  </Grid>
                  {drawImage && (
                    <Grid size={{ xs: 12, sm: 4 }}>
                      <FormSelectField
                        name={`richMenu.areas.${selected}.icon`}
                        label={t('richMenus.editor.icon')}
                        emptyLabel={t('richMenus.editor.noIcon')}
                        options={iconOptions}
                        disabled={!canEdit}
                        fullWidth
                      />
                    </Grid>
                  )}
                  {selectedType === 'message' && (
                    <Grid size={12}>
                      <FormTextField
                        name={`${prefix}.text`}
                        label={t('richMenus.editor.actionText')}
                        disabled={!canEdit}
                        fullWidth
                      />
                    </Grid>
                  )}
                  {selectedType === 'uri' && (
                    <Grid size={12}>
                      <FormTextField
                        name={`${prefix}.uri`}
                        label={t('richMenus.editor.actionUri')}
                        hint={t('richMenus.editor.actionUriHint')}
                        disabled={!canEdit}
                        fullWidth
                      />
                    </Grid>
                  )}
                  {selectedType === 'postback' && (
                    <Grid size={12}>
                      <FormSelectField
                        name={`${prefix}.data`}
                        label={t('richMenus.editor.postbackAction')}
                        hint={t('richMenus.editor.postbackHint')}
                        emptyLabel=""
                        options={postbackChoices}
                        disabled={!canEdit}
                        fullWidth
                      />
                    </Grid>
                  )}
                  {selectedType === 'richmenuswitch' && (
                    <>
                      <Grid size={{ xs: 12, sm: 6 }}>
                        <FormTextField
                          name={`${prefix}.richMenuAliasId`}
                          label={t('richMenus.editor.actionAlias')}
                          disabled={!canEdit}
                          fullWidth
                        />
                      </Grid>
                      <Grid size={{ xs: 12, sm: 6 }}>
                        <FormTextField
                          name={`${prefix}.data`}
                          label={t('richMenus.editor.actionData')}
                          disabled={!canEdit}
                          fullWidth
                        />
                      </Grid>
                    </>
                  )}
                </Grid>
              )}
            </Card>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={2}>
            <Card sx={{ p: 2 }}>
              <Stack spacing={2}>
                <FormTextField
                  name="richMenu.name"
                  label={t('richMenus.editor.name')}
                  required
                  disabled={!canEdit}
                />
                <FormTextField
                  name="richMenu.chatBarText"
                  label={t('richMenus.editor.chatBarText')}
                  hint={t('richMenus.editor.chatBarTextHint')}
                  required
                  disabled={!canEdit}
                />
                <FormControlLabel
                  control={
                    <Switch
                      defaultChecked={defaultValues.richMenu.selected}
                      disabled={!canEdit}
                      onChange={(event) => form.setValue('richMenu.selected', event.target.checked)}
                    />
                  }
                  label={t('richMenus.editor.selected')}
                />
              </Stack>
            </Card>
            <RichMenuPhonePreview
              imageSrc={imageSrc}
              size={size}
              areas={areas}
              chatBarText={chatBarText}
              {...(accountName ? { accountName } : {})}
            />
            {canEdit && (
              <FormActions
                submitLabel={menu ? t('common.save') : t('richMenus.create')}
                onCancel={onCancel}
              />
            )}
          </Stack>
        </Grid>
      </Grid>
    </ServerForm>
  );
}
