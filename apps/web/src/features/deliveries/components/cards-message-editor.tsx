import { cardLimits, type Card, type CardAction, type DeliveryCards } from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export const emptyCard = (): Card => ({ imageUrl: null, title: '', text: '', price: null, actions: [] });

/** A new card-type message: one card with one link button, the owner fills in the rest. */
export const newCardsMessage = (): DeliveryCards => ({
  type: 'cards',
  altText: '',
  cards: [{ ...emptyCard(), actions: [{ type: 'uri', label: '', uri: 'https://' }] }],
});

const counter = (value: string, max: number) => `${value.length} / ${max}`;

function ActionEditor({
  action,
  cardNo,
  no,
  onChange,
  onRemove,
}: {
  action: CardAction;
  cardNo: number;
  no: number;
  onChange: (action: CardAction) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const id = `card-${cardNo}-action-${no}`;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(120px, 160px) minmax(0, 1fr) auto',
        gap: 1,
        alignItems: 'start',
        '& > .action-detail': { gridColumn: '1 / 3' },
      }}
    >
      <TextField
        select
        size="small"
        label={t('deliveries.actionType')}
        value={action.type}
        onChange={(e) =>
          onChange(
            e.target.value === 'uri'
              ? { type: 'uri', label: action.label, uri: 'https://' }
              : { type: 'message', label: action.label, text: action.label },
          )
        }
        slotProps={{ htmlInput: { 'data-testid': `${id}-type` } }}
      >
        <MenuItem value="uri">{t('deliveries.actionUri')}</MenuItem>
        <MenuItem value="message">{t('deliveries.actionMessage')}</MenuItem>
      </TextField>
      <TextField
        size="small"
        label={t('deliveries.actionLabel')}
        value={action.label}
        onChange={(e) => onChange({ ...action, label: e.target.value })}
        helperText={counter(action.label, cardLimits.label)}
        error={action.label.length > cardLimits.label}
        slotProps={{ htmlInput: { 'data-testid': `${id}-label` } }}
      />
      <IconButton aria-label={t('deliveries.removeAction', { n: no + 1 })} onClick={onRemove}>
        <CloseOutlined />
      </IconButton>
      {action.type === 'uri' ? (
        <TextField
          size="small"
          type="url"
          label={t('deliveries.actionLink')}
          value={action.uri}
          onChange={(e) => onChange({ ...action, uri: e.target.value })}
          className="action-detail"
          slotProps={{ htmlInput: { 'data-testid': `${id}-uri` } }}
        />
      ) : (
        <TextField
          size="small"
          label={t('deliveries.actionText')}
          value={action.text}
          onChange={(e) => onChange({ ...action, text: e.target.value })}
          helperText={counter(action.text, cardLimits.actionText)}
          error={action.text.length > cardLimits.actionText}
          className="action-detail"
          slotProps={{ htmlInput: { 'data-testid': `${id}-text` } }}
        />
      )}
    </Box>
  );
}

function CardEditor({
  card,
  no,
  onChange,
  onRemove,
}: {
  card: Card;
  no: number;
  onChange: (card: Card) => void;
  onRemove: (() => void) | null;
}) {
  const { t } = useTranslation();
  const setAction = (index: number, action: CardAction) =>
    onChange({ ...card, actions: card.actions.map((a, i) => (i === index ? action : a)) });
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5 }}
      component="fieldset"
      aria-label={t('deliveries.card', { n: no + 1 })}
    >
      <Stack spacing={1.5}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle2" component="legend">
            {t('deliveries.card', { n: no + 1 })}
          </Typography>
          {onRemove && (
            <IconButton
              size="small"
              aria-label={t('deliveries.removeCard', { n: no + 1 })}
              onClick={onRemove}
            >
              <CloseOutlined />
            </IconButton>
          )}
        </Box>
        <TextField
          size="small"
          type="url"
          label={t('deliveries.cardImage')}
          value={card.imageUrl ?? ''}
          onChange={(e) => onChange({ ...card, imageUrl: e.target.value.trim() || null })}
          slotProps={{ htmlInput: { 'data-testid': `card-${no}-image` } }}
        />
        <TextField
          size="small"
          required
          label={t('deliveries.cardTitle')}
          value={card.title}
          onChange={(e) => onChange({ ...card, title: e.target.value })}
          helperText={counter(card.title, cardLimits.title)}
          error={card.title.length > cardLimits.title}
          slotProps={{ htmlInput: { 'data-testid': `card-${no}-title` } }}
        />
        <TextField
          size="small"
          multiline
          minRows={2}
          label={t('deliveries.cardText')}
          value={card.text}
          onChange={(e) => onChange({ ...card, text: e.target.value })}
          helperText={counter(card.text, cardLimits.text)}
          error={card.text.length > cardLimits.text}
          slotProps={{ htmlInput: { 'data-testid': `card-${no}-text` } }}
        />
        <TextField
          size="small"
          type="number"
          label={t('deliveries.cardPrice')}
          value={card.price ?? ''}
          onChange={(e) =>
            onChange({ ...card, price: e.target.value === '' ? null : Math.trunc(Number(e.target.value)) })
          }
          slotProps={{ htmlInput: { min: 0, max: cardLimits.price, 'data-testid': `card-${no}-price` } }}
        />
        <Typography variant="caption" color="text.secondary">
          {t('deliveries.cardActions')}
        </Typography>
        {card.actions.map((action, index) => (
          <ActionEditor
            key={index}
            action={action}
            cardNo={no}
            no={index}
            onChange={(a) => setAction(index, a)}
            onRemove={() => onChange({ ...card, actions: card.actions.filter((_, i) => i !== index) })}
          />
        ))}
        <Box>
          <Button
            size="small"
            startIcon={<AddOutlined />}
            disabled={card.actions.length >= cardLimits.actions}
            onClick={() =>
              onChange({ ...card, actions: [...card.actions, { type: 'message', label: '', text: '' }] })
            }
          >
            {t('deliveries.addAction')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

/**
 * The form of a card-type message (カードタイプメッセージ): the notification text and 1 to 10 cards, each with
 * an image, a title, a description, a price and up to 3 buttons. Never raw JSON: the server makes the Flex.
 */
export function CardsMessageEditor({
  value,
  index,
  onChange,
}: {
  value: DeliveryCards;
  index: number;
  onChange: (value: DeliveryCards) => void;
}) {
  const { t } = useTranslation();
  const setCard = (no: number, card: Card) =>
    onChange({ ...value, cards: value.cards.map((c, i) => (i === no ? card : c)) });
  return (
    <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }} data-testid={`message-cards-${index}`}>
      <Typography variant="subtitle2">{t('deliveries.cardsLabel', { n: index + 1 })}</Typography>
      <TextField
        size="small"
        required
        label={t('deliveries.altText')}
        value={value.altText}
        onChange={(e) => onChange({ ...value, altText: e.target.value })}
        helperText={`${t('deliveries.altTextHelp')} (${counter(value.altText, cardLimits.altText)})`}
        error={value.altText.length > cardLimits.altText}
        slotProps={{ htmlInput: { 'data-testid': `message-${index}-alt-text` } }}
      />
      {value.cards.map((card, no) => (
        <CardEditor
          key={no}
          card={card}
          no={no}
          onChange={(c) => setCard(no, c)}
          onRemove={
            value.cards.length > 1
              ? () => onChange({ ...value, cards: value.cards.filter((_, i) => i !== no) })
              : null
          }
        />
      ))}
      <Box>
        <Button
          startIcon={<AddOutlined />}
          disabled={value.cards.length >= cardLimits.cards}
          onClick={() => onChange({ ...value, cards: [...value.cards, emptyCard()] })}
        >
          {t('deliveries.addCard')}
        </Button>
      </Box>
    </Stack>
  );
}
