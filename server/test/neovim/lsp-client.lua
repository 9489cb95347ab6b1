-- Drives the LCPN language server from Neovim's built-in LSP client, headless, as set up by the
-- README's snippet: loaded with --cmd before that snippet (the init file, -u), it records what
-- the user would see; the snippet starts the client when the file named on the command line
-- gets its filetype. At VimEnter (the init run, the file loaded) it waits for diagnostics, asks
-- for a hover and a definition, and writes what it got as JSON to the file named by
-- $LCPN_NVIM_OUT. Every wait is bounded. With $LCPN_OPEN_DEFINITION set, the definition is
-- opened as a user's F12 would, and the state of its buffer recorded; with $LCPN_CONVERT set, a
-- code action is chosen and run as a user would (see below).
local out_path = os.getenv('LCPN_NVIM_OUT')
local file = os.getenv('LCPN_FILE')
local result = { diagnostics = {}, errors = {} }

local function finish()
  local f = io.open(out_path, 'w')
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd('qall!')
end

-- The server publishes diagnostics (maybe none) once the file is built: then it is ready.
local published = false
local raw_diagnostics = {}
local publish = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, params, ctx, config)
  publish(err, params, ctx, config)
  if params and params.uri == vim.uri_from_fname(file) then
    published = true
    raw_diagnostics = params.diagnostics
  end
end

-- No swap files: a run killed at its time limit must not leave the next one a recovery prompt.
vim.o.swapfile = false

-- Headless Neovim would wait for Enter after printing a message: messages are recorded instead.
result.messages = {}
vim.notify = function(message) table.insert(result.messages, message) end
vim.lsp.handlers['window/showMessage'] = function(_, params) table.insert(result.messages, params.message) end
-- (a request would prompt with inputlist(), which waits for a key in headless Neovim)
vim.lsp.handlers['window/showMessageRequest'] = function(_, params)
  table.insert(result.messages, 'request: ' .. params.message)
  return vim.NIL
end
local apply = vim.lsp.handlers['workspace/applyEdit']
vim.lsp.handlers['workspace/applyEdit'] = function(err, params, ctx, config)
  if params and params.label then
    table.insert(result.messages, 'Workspace edit ' .. params.label)
    params.label = nil
  end
  return apply(err, params, ctx, config)
end

local function drive()
  local buf = vim.api.nvim_get_current_buf()
  result.filetype = vim.bo[buf].filetype
  -- The snippet's client is listed once initialized.
  if not vim.wait(20000, function() return not vim.tbl_isempty(vim.lsp.buf_get_clients(buf)) end, 50) then
    error('no language server attached to ' .. vim.api.nvim_buf_get_name(buf) .. " (filetype '" .. result.filetype .. "')")
  end

  local got = vim.wait(20000, function() return published end, 50)
  if not got then table.insert(result.errors, 'no diagnostics within 20 s') end
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(result.diagnostics, { line = d.lnum, col = d.col, severity = d.severity, message = d.message })
  end

  local uri = vim.uri_from_bufnr(buf)
  local position = { line = tonumber(os.getenv('LCPN_LINE')), character = tonumber(os.getenv('LCPN_CHARACTER')) }
  local hover = vim.lsp.buf_request_sync(buf, 'textDocument/hover', { textDocument = { uri = uri }, position = position }, 10000)
  for _, response in pairs(hover or {}) do
    if response.result and response.result.contents then result.hover = response.result.contents.value end
    if response.err then table.insert(result.errors, 'hover: ' .. vim.inspect(response.err)) end
  end
  local definition = vim.lsp.buf_request_sync(buf, 'textDocument/definition', { textDocument = { uri = uri }, position = position }, 10000)
  for _, response in pairs(definition or {}) do
    local r = response.result
    if r and r[1] then
      local target = r[1]
      result.definition = { uri = target.uri or target.targetUri, range = target.range or target.targetSelectionRange }
      if os.getenv('LCPN_OPEN_DEFINITION') then
        -- Modelines off (Neovim's default for root, and many users' choice): the snippet alone
        -- must make the copy unmodifiable, not the modeline the copy ends with.
        vim.o.modeline = false
        vim.lsp.util.jump_to_location(target, 'utf-16')
        local opened = vim.api.nvim_get_current_buf()
        local wrote = pcall(vim.cmd, 'write')
        local edited = pcall(vim.api.nvim_buf_set_lines, opened, 0, 0, false, { 'x' })
        result.opened = {
          name = vim.api.nvim_buf_get_name(opened),
          readonly = vim.bo[opened].readonly,
          modifiable = vim.bo[opened].modifiable,
          line = vim.api.nvim_win_get_cursor(0)[1] - 1,
          wrote = wrote,
          edited = edited,
        }
      end
    end
    if response.err then table.insert(result.errors, 'definition: ' .. vim.inspect(response.err)) end
  end
  -- $LCPN_CODE_ACTIONS: code actions at the position for the file's diagnostics, asked once with
  -- `only` = the comma-separated kinds in $LCPN_CODE_ACTIONS ('all': no `only`), then the
  -- action of kind $LCPN_RUN_ACTION run (its command executed by the server, its edit applied here).
  local kinds = os.getenv('LCPN_CODE_ACTIONS')
  if kinds then
    local context = { diagnostics = raw_diagnostics }
    if kinds ~= 'all' then context.only = vim.split(kinds, ',') end
    local responses = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', { textDocument = { uri = uri }, range = { start = position, ['end'] = position }, context = context }, 10000)
    result.actions = {}
    local run = os.getenv('LCPN_RUN_ACTION')
    for _, response in pairs(responses or {}) do
      if response.err then table.insert(result.errors, 'codeAction: ' .. vim.inspect(response.err)) end
      for _, action in ipairs(response.result or {}) do
        table.insert(result.actions, { title = action.title, kind = action.kind, command = action.command and action.command.command or vim.NIL, edit = action.edit ~= nil })
        if run and action.kind == run and action.command then
          local executed = vim.lsp.buf_request_sync(buf, 'workspace/executeCommand', action.command, 10000)
          for _, r in pairs(executed or {}) do
            if r.err then table.insert(result.errors, 'executeCommand: ' .. vim.inspect(r.err)) end
          end
          result.after = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
        end
      end
    end
  end
  -- $LCPN_CONVERT: with the cursor at the position, vim.lsp.buf.code_action() as a user runs it,
  -- choosing the action whose title contains $LCPN_CONVERT; its command runs in the client (the
  -- set-up's vim.lsp.commands handler), which opens the answer in a new buffer, recorded here.
  local convert = os.getenv('LCPN_CONVERT')
  if convert then
    vim.api.nvim_win_set_cursor(0, { position.line + 1, position.character })
    local offered = {}
    vim.ui.select = function(items, opts, on_choice)
      for _, item in ipairs(items) do
        local title = opts.format_item(item)
        table.insert(offered, title)
        if title:find(convert, 1, true) then return on_choice(item) end
      end
      on_choice(nil)
    end
    vim.lsp.buf.code_action()
    if vim.wait(10000, function() return vim.api.nvim_get_current_buf() ~= buf end, 50) then
      local opened = vim.api.nvim_get_current_buf()
      result.converted = { filetype = vim.bo[opened].filetype, text = table.concat(vim.api.nvim_buf_get_lines(opened, 0, -1, false), '\n') }
    else
      table.insert(result.errors, 'no buffer opened by the conversion; actions offered: ' .. table.concat(offered, ' | '))
    end
  end
  vim.lsp.stop_client(vim.lsp.get_active_clients())
end

-- Scheduled out of the VimEnter autocommand, as a user's keys would be: inside it, the buffers
-- that go to definition opens would not run their own autocommands (they are not nested).
vim.api.nvim_create_autocmd('VimEnter', {
  callback = function()
    vim.schedule(function()
      local ok, err = pcall(drive)
      if not ok then table.insert(result.errors, tostring(err)) end
      finish()
    end)
  end,
})
