# mode: eager
# checks: fit(class_weight=) with sparse and one-hot labels (arrays and a Dataset); classes missing from the dict weigh 1
import numpy as np
import tensorflow as tf

x = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.5, -1.0], [-1.0, 0.5], [0.2, 0.3]], dtype=np.float32)
labels = np.array([0, 1, 2, 1, 0, 2])
onehot = tf.keras.utils.to_categorical(labels, 3)
weights = {0: 1.0, 1: 3.0}


def make(loss):
    model = tf.keras.Sequential([tf.keras.Input(shape=(2,)),
                                 tf.keras.layers.Dense(3, activation='softmax', kernel_initializer='ones',
                                                       bias_initializer='zeros')])
    model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.5), loss=loss, metrics=['accuracy'])
    return model


for loss, y in (('sparse_categorical_crossentropy', labels), ('categorical_crossentropy', onehot)):
    model = make(loss)
    history = model.fit(x, y, class_weight=weights, epochs=2, batch_size=4, shuffle=False, verbose=0)
    print(loss, {k: [round(v, 5) for v in vs] for k, vs in history.history.items()})
    print(np.round(model.get_weights()[0], 5))

model = make('sparse_categorical_crossentropy')
dataset = tf.data.Dataset.from_tensor_slices((x, labels)).batch(3)
history = model.fit(dataset, class_weight={2: 0.25}, epochs=2, verbose=0)
print([round(v, 5) for v in history.history['loss']], np.round(model.get_weights()[1], 5))

model = make('binary_crossentropy')
xb = np.array([[1.0, 2.0], [2.0, 1.0], [0.0, 1.0]], dtype=np.float32)
model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(1, activation='sigmoid',
                                                                               kernel_initializer='zeros')])
model.compile(optimizer='sgd', loss='binary_crossentropy')
history = model.fit(xb, np.array([[1.0], [0.0], [1.0]]), class_weight={0: 2.0, 1: 0.5}, epochs=2, verbose=0)
print([round(v, 5) for v in history.history['loss']])
