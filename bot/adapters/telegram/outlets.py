"""Replies out: the text as HTML messages with the inline keyboard under the last, a group's
migration followed, then the chart as a photo tied to the answer and the files as one document.
These are the Telegram steps of the shared answer cycle (bot.adapters.cycle)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from telegram import (
    Bot,
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputFile,
    LinkPreviewOptions,
    Message,
    ReplyParameters,
)
from telegram.constants import ParseMode
from telegram.error import (
    BadRequest,
    ChatMigrated,
    NetworkError,
)

from bot.adapters import bundle, button_labels
from bot.messages import Reply
from bot.text.render import render_reply, split_message

log = logging.getLogger("kasuan.telegram")


CAPTION_LIMIT = 1024
BUTTONS_PER_ROW = 3
MigratedHook = Callable[[int, int], Awaitable[None]]


def render(reply: Reply) -> list[str]:
    """The reply in Telegram HTML, cut into messages under 4096 characters."""
    return split_message(render_reply(reply, "telegram"), "telegram")


def keyboard(reply: Reply) -> InlineKeyboardMarkup | None:
    """The core's buttons as an inline keyboard (payloads are callback_data, at most 64 bytes)."""
    labels = button_labels(reply)
    if not labels:
        return None
    buttons = [InlineKeyboardButton(label, callback_data=payload) for label, payload in labels]
    return InlineKeyboardMarkup([buttons[i:i + BUTTONS_PER_ROW] for i in range(0, len(buttons), BUTTONS_PER_ROW)])


@dataclass(frozen=True)
class Sent:
    """Where an answer's text went: the chat (after any migration), its first message, the topic."""

    chat_id: int
    answer: int | None
    thread: int | None


class ChatOutlet:
    """New messages in a chat (into the forum topic `thread` when there is one), quoting `reply_to`
    in a group, following the group's migration to a supergroup (`migrated` is told)."""

    render = staticmethod(render)

    def __init__(self, bot: Bot, chat_id: int, migrated: MigratedHook, *, reply_to: int | None = None,
                 thread: int | None = None) -> None:
        self.bot, self.chat_id, self.migrated = bot, chat_id, migrated
        self.reply_to, self.thread = reply_to, thread

    async def text(self, reply: Reply, parts: list[str]) -> Sent:
        try:
            return await self._text_to(self.chat_id, reply, parts, self.reply_to, self.thread)
        except ChatMigrated as exc:
            await self.migrated(self.chat_id, exc.new_chat_id)
            return await self._text_to(exc.new_chat_id, reply, parts, None, None)

    async def _text_to(self, chat_id: int, reply: Reply, parts: list[str], reply_to: int | None,
                       thread: int | None) -> Sent:
        """The parts, the keyboard under the last; a ready picture goes first, the text as its
        caption when it fits."""
        markup = keyboard(reply)
        quote = ReplyParameters(message_id=reply_to, allow_sending_without_reply=True) if reply_to else None
        if reply.image is not None:
            caption = parts[0] if len(parts) == 1 and len(parts[0]) <= CAPTION_LIMIT else None
            await self.bot.send_photo(chat_id, photo=reply.image, caption=caption,
                                      parse_mode=ParseMode.HTML if caption else None,
                                      reply_markup=markup if caption else None, reply_parameters=quote,
                                      message_thread_id=thread)
            if caption is not None:
                return Sent(chat_id, None, thread)
            quote = None
        answer: int | None = None
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            sent = await self.bot.send_message(chat_id, part, parse_mode=ParseMode.HTML,
                                               reply_markup=markup if last else None,
                                               reply_parameters=quote if i == 0 else None, message_thread_id=thread,
                                               link_preview_options=LinkPreviewOptions(is_disabled=True))
            answer = sent.message_id if answer is None else answer
        return Sent(chat_id, answer, thread)

    async def chart(self, reply: Reply, picture: bytes, sent: Sent) -> None:
        """The chart as a photo replying to the answer's first message, with a one-line caption, so in
        a busy group it stays tied to its answer. One that fails to send is logged and skipped."""
        quote = ReplyParameters(message_id=sent.answer, allow_sending_without_reply=True) if sent.answer else None
        caption = (reply.chart_caption or "")[:CAPTION_LIMIT] or None
        try:
            await self.bot.send_photo(sent.chat_id, photo=picture, caption=caption, reply_parameters=quote,
                                      message_thread_id=sent.thread)
        except (BadRequest, NetworkError) as exc:
            log.warning("telegram chart for chat %s not sent: %s", sent.chat_id, exc)

    async def files(self, reply: Reply, sent: Sent) -> None:
        """The files as one document (a zip when there are several)."""
        name, data = bundle(reply.files)
        await self.bot.send_document(sent.chat_id, document=InputFile(data, filename=name),
                                     message_thread_id=sent.thread)


class EditOutlet(ChatOutlet):
    """A pressed button's message edited in place with the new answer (what does not fit follows as
    new messages); the chart and files follow as for a new answer."""

    def __init__(self, bot: Bot, query: CallbackQuery, message: Message, migrated: MigratedHook,
                 thread: int | None) -> None:
        super().__init__(bot, message.chat.id, migrated, thread=thread)
        self.query, self.message = query, message

    async def text(self, reply: Reply, parts: list[str]) -> Sent:
        try:
            await self.query.edit_message_text(parts[0], parse_mode=ParseMode.HTML,
                                               reply_markup=keyboard(reply) if len(parts) == 1 else None,
                                               link_preview_options=LinkPreviewOptions(is_disabled=True))
        except BadRequest as exc:
            if "not modified" not in exc.message.lower():
                raise
        if len(parts) > 1:
            return await super().text(reply, parts[1:])
        return Sent(self.chat_id, self.message.message_id, self.thread)
