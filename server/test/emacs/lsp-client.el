;;; lsp-client.el --- Emacs + eglot drive the LCPN language server (for emacs.test.ts)  -*- lexical-binding: t -*-
;; Run: emacs --batch -Q -l lsp-client.el, with LCPN_INIT (the README's set-up, as a user's
;; init.el holds it), LCPN_FILE, LCPN_LINE, LCPN_CHARACTER (0-based LSP position) and
;; LCPN_EMACS_OUT (where the JSON result goes). It loads Debian's elpa-eglot as Emacs does
;; before a user's init.el, loads that set-up, then records what the user sees: Flymake's
;; diagnostics, eldoc's hover text, xref's definition, and every warning shown; with LCPN_CONVERT
;; (a style), the buffer the set-up's lcpn-convert-section opens at point.

(require 'package)
(setq package-user-dir (make-temp-file "lcpn-elpa-" t))
;; -Q skips Debian's site start, which is what puts the elpa-* packages on this list.
(add-to-list 'package-directory-list "/usr/share/emacs/site-lisp/elpa")
(package-initialize)
(require 'json)
(require 'xref)

(defvar lcpn-out (getenv "LCPN_EMACS_OUT"))
(defvar lcpn-errors nil)
;; What *Warnings* would show the user (eglot's "(warning) ..." messages go there too); not
;; Flymake's :debug log, which goes there only for a user who asks for it.
(defvar lcpn-warnings nil)
(advice-add 'display-warning :before
            (lambda (_type message &optional level &rest _)
              (when (memq (or level :warning) '(:warning :error :emergency))
                (push (format "%s" message) lcpn-warnings))))

(defun lcpn-write (result)
  (with-temp-file lcpn-out
    (insert (json-encode (append result `((errors . ,(vconcat (reverse lcpn-errors)))
                                          (warnings . ,(vconcat (reverse lcpn-warnings)))))))))

(defun lcpn-wait (what predicate seconds)
  "Waits until PREDICATE is non-nil (processing server messages), at most SECONDS."
  (let ((deadline (+ (float-time) seconds)) value)
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.1))
    (unless value (push (format "timed out waiting for %s" what) lcpn-errors))
    value))

(defvar lcpn-published nil)
(advice-add 'eglot-handle-notification :before
            (lambda (_server method &rest _)
              (when (string= (format "%s" method) "textDocument/publishDiagnostics") (setq lcpn-published t))))

;; --- The user's set-up: the README's, as written (server/test/emacs/emacs.test.ts fills in the path) ---
(load (getenv "LCPN_INIT") nil t)
(require 'eglot)

(condition-case err
    (progn
      (find-file (getenv "LCPN_FILE"))
      ;; eglot-ensure connects after the command loop's hooks; batch mode has none, so run them.
      (run-hooks 'post-command-hook)
      (lcpn-wait "eglot to connect" (lambda () (eglot-current-server)) 30)
      (lcpn-wait "the server's diagnostics" (lambda () lcpn-published) 30)
      (let* ((diagnostics
              (progn
                ;; Flymake shows them once its eglot backend has reported.
                (lcpn-wait "Flymake's report"
                           (lambda () (flymake-start) (memq 'eglot-flymake-backend (flymake-reporting-backends))) 30)
                (flymake-diagnostics)))
             (line (string-to-number (getenv "LCPN_LINE")))
             (character (string-to-number (getenv "LCPN_CHARACTER")))
             hover definition converted)
        (goto-char (point-min))
        (forward-line line)
        (forward-char character)
        ;; eldoc's hover source, as M-x eldoc shows it.
        (let ((done nil))
          (eglot-hover-eldoc-function (lambda (text &rest _) (setq hover (or text "")) (setq done t)))
          (lcpn-wait "the hover" (lambda () done) 30))
        ;; xref, as M-. does.
        (let* ((id (xref-backend-identifier-at-point 'eglot))
               (xrefs (xref-backend-definitions 'eglot id)))
          (when xrefs
            (let ((location (xref-item-location (car xrefs))))
              (setq definition `((file . ,(xref-location-group location))
                                 (line . ,(xref-location-line location)))))))
        ;; LCPN_CONVERT: the set-up's conversion command (docs/editors.md's lcpn-convert-section),
        ;; run at point with that style as M-x would; the buffer it opens is recorded.
        (let ((style (getenv "LCPN_CONVERT")) (ini (current-buffer)))
          (when (> (length style) 0)
            (funcall-interactively 'lcpn-convert-section style)
            (if (eq (current-buffer) ini)
                (push "lcpn-convert-section opened no buffer" lcpn-errors)
              (setq converted `((mode . ,(symbol-name major-mode))
                                (text . ,(buffer-substring-no-properties (point-min) (point-max)))))
              (set-buffer ini))))
        (lcpn-write
         `((diagnostics . ,(vconcat
                            (mapcar (lambda (d)
                                      (let ((beg (flymake-diagnostic-beg d)))
                                        `((line . ,(1- (line-number-at-pos beg)))
                                          (col . ,(save-excursion (goto-char beg) (current-column)))
                                          (type . ,(symbol-name (flymake-diagnostic-type d)))
                                          (message . ,(flymake-diagnostic-text d)))))
                                    diagnostics)))
           (hover . ,hover)
           (definition . ,definition)
           (converted . ,converted)))))
  (error
   (push (error-message-string err) lcpn-errors)
   (lcpn-write nil)))
(ignore-errors (eglot-shutdown (eglot-current-server)))
(kill-emacs 0)
