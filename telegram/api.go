package telegram

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// DefaultAPIURL is Telegram's Bot API.
const DefaultAPIURL = "https://api.telegram.org"

// The Bot API's objects, the fields Verity reads.
type (
	// Update is one incoming update.
	Update struct {
		ID       int64          `json:"update_id"`
		Message  *Message       `json:"message,omitempty"`
		Callback *CallbackQuery `json:"callback_query,omitempty"`
	}
	// Message is a message in a chat.
	Message struct {
		ID      int64                 `json:"message_id"`
		From    *User                 `json:"from,omitempty"`
		Chat    Chat                  `json:"chat"`
		Text    string                `json:"text,omitempty"`
		ReplyTo *Message              `json:"reply_to_message,omitempty"`
		Markup  *InlineKeyboardMarkup `json:"reply_markup,omitempty"`
	}
	// User is a Telegram account.
	User struct {
		ID       int64  `json:"id"`
		IsBot    bool   `json:"is_bot"`
		Username string `json:"username,omitempty"`
		Language string `json:"language_code,omitempty"`
	}
	// Chat is a private chat, a group, a supergroup or a channel.
	Chat struct {
		ID   int64  `json:"id"`
		Type string `json:"type"`
	}
	// CallbackQuery is a click on an inline button.
	CallbackQuery struct {
		ID      string   `json:"id"`
		From    User     `json:"from"`
		Message *Message `json:"message,omitempty"`
		Data    string   `json:"data,omitempty"`
	}
	// InlineKeyboardMarkup is the buttons under a message.
	InlineKeyboardMarkup struct {
		Rows [][]InlineKeyboardButton `json:"inline_keyboard"`
	}
	// InlineKeyboardButton is a callback button or a link.
	InlineKeyboardButton struct {
		Text string `json:"text"`
		Data string `json:"callback_data,omitempty"`
		URL  string `json:"url,omitempty"`
	}
	// sendMessage's parameters.
	sendMessage struct {
		ChatID    int64                 `json:"chat_id"`
		Text      string                `json:"text"`
		ParseMode string                `json:"parse_mode,omitempty"`
		Markup    *InlineKeyboardMarkup `json:"reply_markup,omitempty"`
		ReplyTo   *replyParameters      `json:"reply_parameters,omitempty"`
		NoPreview *linkPreview          `json:"link_preview_options,omitempty"`
	}
	replyParameters struct {
		MessageID int64 `json:"message_id"`
	}
	linkPreview struct {
		Disabled bool `json:"is_disabled"`
	}
	answerCallback struct {
		ID        string `json:"callback_query_id"`
		Text      string `json:"text,omitempty"`
		ShowAlert bool   `json:"show_alert,omitempty"`
	}
	getUpdates struct {
		Offset  int64    `json:"offset,omitempty"`
		Timeout int      `json:"timeout"`
		Allowed []string `json:"allowed_updates"`
	}
	// response is every method's answer.
	response struct {
		OK          bool            `json:"ok"`
		Result      json.RawMessage `json:"result"`
		Description string          `json:"description"`
		ErrorCode   int             `json:"error_code"`
	}
)

// APIError is the Bot API's refusal of a call: its error code (403 when
// the user never started the bot or blocked it) and description.
type APIError struct {
	Method      string
	Code        int
	Description string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("telegram %s: %d %s", e.Method, e.Code, e.Description)
}

// client calls the Bot API. Its base URL holds the token: nothing of it
// goes into an error, only the method's name.
type client struct {
	base  string // API URL + "/bot" + token
	token string
	http  *http.Client
}

func newClient(apiURL, token string, hc *http.Client) *client {
	if apiURL == "" {
		apiURL = DefaultAPIURL
	}
	if hc == nil {
		hc = &http.Client{Timeout: 90 * time.Second}
	}
	return &client{base: strings.TrimRight(apiURL, "/") + "/bot" + token, token: token, http: hc}
}

// call posts params as JSON to method and decodes the result into out.
func (c *client) call(ctx context.Context, method string, params, out any) error {
	body, err := json.Marshal(params)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/"+method, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("telegram %s: bad API URL", method) // the URL holds the token: never quoted
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		// *url.Error quotes the URL, token and all: keep only its cause,
		// which for a refused connection names the host alone.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return fmt.Errorf("telegram %s: %s", method, strings.ReplaceAll(err.Error(), c.token, "…"))
	}
	defer resp.Body.Close()
	var r response
	if err := json.NewDecoder(io.LimitReader(resp.Body, 8<<20)).Decode(&r); err != nil {
		return fmt.Errorf("telegram %s: status %d, unreadable answer", method, resp.StatusCode)
	}
	if !r.OK {
		return &APIError{Method: method, Code: r.ErrorCode, Description: r.Description}
	}
	if out != nil {
		if err := json.Unmarshal(r.Result, out); err != nil {
			return fmt.Errorf("telegram %s: result: %w", method, err)
		}
	}
	return nil
}
