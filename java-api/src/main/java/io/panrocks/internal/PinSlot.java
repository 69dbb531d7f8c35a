package io.panrocks.internal;

import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.MemorySegment;

/**
 * One reusable pin of a thread's pool ({@link CallContext#lendSlot()}): a
 * native {@code PinnableSlice}, the {@link ViewScope} of the views shown
 * over what it pins, and the {@link ConfinedResource} that the DB's close
 * and the sweep for forgotten pins see. All three live as long as the slot,
 * so a pinned read allocates none of them: it lends the slot, and the
 * returned value's close ({@link #give}) gives it back.
 *
 * <p><b>One link per value.</b> A slot serves many values in turn. Each
 * value holds the {@link ViewScope.Link} of the arena its views live in
 * (made with the value's first view), and so does every view of it; the
 * link refers to the slot until the value closes, then to nothing. So a
 * value closed once stays closed (and its close stays a no-op) after the
 * slot was lent again, and a closed value or a dead view kept by the caller
 * keeps nothing alive.
 *
 * <p><b>Forgotten values.</b> The pool holds an idle slot strongly and a
 * lent one not at all: a lent slot is reachable only through its value's
 * link (from the value and from its views). The resource watches the slot's
 * scope weakly, as for any {@link ConfinedResource}; so once value and
 * views are unreachable, the owner's sweep releases the pin and destroys the
 * slot, and a view kept after its value was dropped keeps the pin. No
 * per-read registration: the watch was made with the slot.
 */
public final class PinSlot {
    /** the native PinnableSlice */
    public final MemorySegment pin;
    /** the views' scope; renewed (its views invalidated, its link cut) at each give */
    private final ViewScope scope;
    final ConfinedResource resource;
    private final CallContext context;

    PinSlot(CallContext context, MemorySegment pin) {
        this.context = context;
        this.pin = pin;
        this.scope = new ViewScope(this); // each arena's link refers to this slot, until the arena closes
        // the free action must not refer to the scope or to this slot: the
        // resource stays registered with the context, and its weak watch of
        // the scope is what finds a forgotten value
        this.resource = (ConfinedResource) DbResource.confined(context, "PinnedValue", scope, false,
                () -> {
                    panrocks_h.panrocks_pin_release(pin);
                    panrocks_h.panrocks_pin_destroy(pin);
                });
    }

    /** The thread the slot (and every value lent from it) belongs to. */
    public Thread owner() {
        return resource.owner;
    }

    /** A read-only view of [address, address + size) that dies when the current value closes. */
    public MemorySegment view(long address, long size) {
        return scope.view(address, size);
    }

    /** The current value's link (the one its views hold too). */
    public ViewScope.Link link() {
        return scope.link();
    }

    /** Whether the value that holds {@code link} is closed (or its pin released by the DB's close). */
    public static boolean isClosed(ViewScope.Link link) {
        return !(link.target() instanceof PinSlot slot) || slot.resource.isReleased();
    }

    /** Marks the slot lent; by the owner, inside a call (the DB's close cannot be looking at it). */
    void lent() {
        resource.idle = false;
        if (Leaks.TRACK) resource.site = Leaks.captureSite(); // a forgotten value names its own read
    }

    /**
     * Closes the value that holds {@code link}: its views die, the pin is
     * released, the slot goes back to its owner's pool. Idempotent from any
     * thread; only the owner may close an open value (another live thread
     * gets {@link WrongThreadException} and nothing changes). A slot whose
     * release the DB's close waits for, or whose owner died, is released for
     * good instead.
     */
    public static void give(ViewScope.Link link) {
        if (link.target() instanceof PinSlot slot) slot.give(link, slot.resource);
    }

    private void give(ViewScope.Link link, ConfinedResource r) {
        synchronized (r) {
            if (link.target() != this || r.isReleased()) return; // closed already
            if (Thread.currentThread() != r.owner || r.deferredByDbClose()) {
                r.close(); // checks the closer first; then releases the slot and its pin for good
                return;
            }
            scope.renew(); // the views die and the link is cut before the pin goes
            panrocks_h.panrocks_pin_release(pin);
            r.idle = true;
        }
        context.returnSlot(this);
    }

    /** Gives back a slot lent for a read that pinned nothing (absent key, failure, value copied). */
    public void unused() {
        resource.idle = true;
        context.returnSlot(this);
    }
}
